// Modules imported with `?node-worker` (scripts/node-worker-plugin.ts) default-export their file URL.
declare module "*?node-worker" {
  const url: string;
  export default url;
}
