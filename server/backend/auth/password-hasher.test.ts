// The password hasher: hashes made before the native binding (bcryptjs, `$2b$`) and by GoTrue
// (`$2a$`) still verify, and hashing leaves the event loop free to serve other requests.
import { pbkdf2 } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HASHES_AT_ONCE, createPasswordHasher } from "./users.ts";

/** Made by bcryptjs 3.0.3 at cost 10, the implementation this backend used before ADR 078. */
const BCRYPTJS_HASH = "$2b$10$RAR.1TL9ihSDDjRq3kbFeO800a4UTsKfzD4fLCSpdXujpnwUpgxjO";
const BCRYPTJS_PASSWORD = "correct-horse-battery-staple";
/** A `$2a$` hash, the prefix GoTrue's Go bcrypt writes (accounts imported from Supabase). */
const GOTRUE_HASH = "$2a$10$cnJrnuO2Wn0Q5xFRDMSO0uhv2i9QPQcLItxvh81Fv3lFWNZNnET.K";
const GOTRUE_PASSWORD = "senha-do-supabase-42";

describe("createPasswordHasher", () => {
  const hasher = createPasswordHasher(10);

  it("verifies hashes made by the previous implementation and by GoTrue", async () => {
    expect(await hasher.compare(BCRYPTJS_PASSWORD, BCRYPTJS_HASH)).toBe(true);
    expect(await hasher.compare("correct-horse-battery-stapler", BCRYPTJS_HASH)).toBe(false);
    expect(await hasher.compare(GOTRUE_PASSWORD, GOTRUE_HASH)).toBe(true);
    expect(await hasher.compare("senha-do-supabase-43", GOTRUE_HASH)).toBe(false);
  });

  it("writes cost-10 bcrypt hashes that verify, and refuses a missing or foreign hash", async () => {
    const hash = await hasher.hash("uma senha nova");
    expect(hash).toMatch(/^\$2[ab]\$10\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.compare("uma senha nova", hash)).toBe(true);
    expect(await hasher.compare("uma senha nova", null)).toBe(false);
    expect(await hasher.compare("uma senha nova", "not a bcrypt hash")).toBe(false);
  });

  it("keeps the event loop turning while it hashes", async () => {
    // bcryptjs ran each hash on the event loop in slices of up to 100 ms, so only a handful of
    // turns fit in a hash; off the loop, thousands do.
    let turns = 0;
    let hashing = true;
    const spin = new Promise<void>((resolve) => {
      const turn = () => {
        if (!hashing) return resolve();
        turns++;
        setImmediate(turn);
      };
      setImmediate(turn);
    });
    await createPasswordHasher(10).hash("a slow hash");
    hashing = false;
    await spin;
    expect(turns).toBeGreaterThan(200);
  });

  it("leaves libuv's thread pool room for other work during a burst of hashes", async () => {
    // JWT signatures and file reads use the same four threads as the native hashes: a burst of
    // sign-ins must not queue them behind itself.
    const burst = 8;
    let done = 0;
    const hashes = Array.from({ length: burst }, () => hasher.hash("uma senha").then(() => done++));
    const hashesDoneWhenAnswered = await new Promise<number>((resolve, reject) =>
      pbkdf2("probe", "salt", 1, 32, "sha256", (error) => (error ? reject(error) : resolve(done))),
    );
    await Promise.all(hashes);
    expect(HASHES_AT_ONCE).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    expect(hashesDoneWhenAnswered).toBeLessThan(HASHES_AT_ONCE);
  });
});
