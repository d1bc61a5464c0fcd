import { describe, expect, it } from "vitest";
import { missingRuntime } from "./runtime.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./runtime-settings.ts";

describe("the server's process settings", () => {
  it("asks for every flag and variable of a plain `node server/main.ts`", () => {
    expect(missingRuntime([], {})).toEqual({ flags: [...SERVER_NODE_FLAGS], env: { ...SERVER_ENV } });
  });

  it("asks for nothing once the process has them", () => {
    expect(missingRuntime([...SERVER_NODE_FLAGS], { ...SERVER_ENV })).toEqual({ flags: [], env: {} });
  });

  it("keeps an operator's own values: a flag of the same name, a variable already set", () => {
    const missing = missingRuntime(["--max-semi-space-size=64", "--inspect"], { MALLOC_ARENA_MAX: "8" });
    expect(missing.flags).toEqual(SERVER_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-semi-space-size")));
    expect(missing.env).not.toHaveProperty("MALLOC_ARENA_MAX");
    expect(missing.env).toHaveProperty("MALLOC_TRIM_THRESHOLD_", "65536");
  });

  it("keeps an operator's negation: `--no-liftoff-only` turns WebAssembly optimisation back on", () => {
    const missing = missingRuntime(["--no-liftoff-only"], {});
    expect(missing.flags).toEqual(SERVER_NODE_FLAGS.filter((flag) => flag !== "--liftoff-only"));
  });

  it("keeps a flag an operator set in NODE_OPTIONS (a larger heap for a big site)", () => {
    const missing = missingRuntime([], { NODE_OPTIONS: "--max-old-space-size=2048 --enable-source-maps" });
    expect(missing.flags).toEqual(SERVER_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-old-space-size")));
  });
});
