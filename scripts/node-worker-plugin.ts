// `import url from "./x.ts?node-worker"`: the file URL of a module that the server starts as a
// Node worker thread (`new Worker(new URL(url))`), such as the Markdown preview's
// (app/lib/markdown.server.ts). In development and under Vitest it is the source file, which
// Node runs as it is (type stripping), so such a module imports packages and `.ts` files only,
// never `~/…`. The build emits it as an entry chunk of its own at the server build's root, under
// a fixed name: with a hashed one (import.meta.ROLLUP_FILE_URL_*) Vite lists it as an asset of
// the importer and React Router moves it into the client build.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const SUFFIX = "?node-worker";
/** Stands in the importer's code for the worker's path until the importer's own place is known. */
const PLACEHOLDER = "__omnia_node_worker__/";

export function nodeWorkers(): Plugin {
  let building = false;
  return {
    name: "omnia:node-worker",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      if (!building) return `export default ${JSON.stringify(pathToFileURL(file).href)};`;
      const fileName = `${path.basename(file).replace(/\.ts$/, "")}.js`;
      this.emitFile({ type: "chunk", id: file, fileName });
      return `export default new URL(${JSON.stringify(PLACEHOLDER + fileName)}, import.meta.url).href;`;
    },
    renderChunk(code, chunk) {
      if (!code.includes(PLACEHOLDER)) return null;
      const from = path.posix.dirname(chunk.fileName);
      const relative = (fileName: string) => {
        const to = path.posix.relative(from, fileName);
        return to.startsWith(".") ? to : `./${to}`;
      };
      return {
        code: code.replaceAll(/__omnia_node_worker__\/([\w.-]+)/g, (_, name: string) => relative(name)),
        map: null,
      };
    },
  };
}
