// Every npm script runs under the Node 24 that the `node` package installs into
// node_modules/.bin. If that install step was skipped (e.g. --ignore-scripts), npm
// silently falls back to the system Node, and `node server/main.ts` would fail later
// with a confusing error. Fail here instead, with the fix.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `This project needs Node.js 24 or newer, but ${process.execPath} is Node ${process.version}.\n` +
      "Run `npm install` (without --ignore-scripts) so the `node` package installs Node 24, " +
      "then run the script again through npm (npm start, npm test, ...).",
  );
  process.exit(1);
}
