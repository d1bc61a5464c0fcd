// The process settings the server runs with; V8 reads heap flags, and glibc its malloc tuning,
// only at process start. server/runtime.ts restarts `node server/main.ts` with them, and
// scripts/bench.ts runs its in-process database sections with them, so they measure PGlite as the
// server runs it.
//
// - `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory, far above
//   what a server rendering small pages needs.
// - `--liftoff-only`: V8's optimising recompilation of PGlite's WebAssembly makes searches and deep
//   pages cheaper, but optimising one of PostgreSQL's largest functions alone more than doubles the
//   server's peak memory, and no V8 flag leaves that one function out.
// - `--max-old-space-size=384`: without a ceiling the old generation grows far past the live heap
//   under load; the ceiling bounds garbage, not work.
// - `MALLOC_ARENA_MAX=2`, `MALLOC_TRIM_THRESHOLD_=65536`: glibc's defaults keep memory freed by
//   PGlite's compiler and libuv's threads resident.
//
// The measurements behind each: docs/investigations/server-memory.md.

export const SERVER_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=16",
  "--max-old-space-size=384",
  "--liftoff-only",
];

export const SERVER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_TRIM_THRESHOLD_: "65536",
};
