import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_RUNTIME, sectionsOf } from "./section.ts";

const probeDir = mkdtempSync(join(tmpdir(), "omnia-section-"));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

// A section script that reports the runtime it was given, as two sections.
function probeScript(): string {
  const script = join(probeDir, "probe.ts");
  const section = new URL("./section.ts", import.meta.url).pathname;
  writeFileSync(
    script,
    `import { emitSection, sectionArgs } from ${JSON.stringify(section)};
emitSection(["## Flags", process.execArgv.join(" "), "", "## Env and args", String(process.env.MALLOC_ARENA_MAX), "args=" + sectionArgs().join(",")].join("\\n"));
`,
  );
  return script;
}

describe("bench sections in a process of their own", () => {
  it("run with the server's V8 flags and malloc settings, and come back split by heading", () => {
    const [flags, envAndArgs, ...rest] = sectionsOf(probeScript(), SERVER_RUNTIME);
    expect(rest).toEqual([]);
    expect(flags).toBe(`## Flags\n${SERVER_RUNTIME.flags.join(" ")}`);
    expect(SERVER_RUNTIME.flags).toContain("--liftoff-only");
    // The script sees none of the runner's own arguments.
    expect(envAndArgs).toBe(`## Env and args\n${SERVER_RUNTIME.env.MALLOC_ARENA_MAX}\nargs=`);
  });

  it("run with Node's defaults when not given the server's runtime", () => {
    const [flags] = sectionsOf(probeScript());
    expect(flags).toBe("## Flags");
  });
});
