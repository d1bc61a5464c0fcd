import { webcrypto } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { generateSigningKey, signingKeysFrom } from "./keys.ts";

afterEach(() => vi.restoreAllMocks());

describe("signing keys", () => {
  it("checks an API key's signature once, and its expiry every time", async () => {
    let clock = Date.now();
    const stored = await generateSigningKey(Math.floor(clock / 1000));
    const keys = await signingKeysFrom(stored, () => clock);
    const checks = vi.spyOn(webcrypto.subtle, "verify");
    const first = await keys.verify(stored.anon_key);
    expect(first).toMatchObject({ role: "anon", iss: "supabase" });
    // A caller changing what it got changes nothing for the next.
    first.role = "service_role";
    expect(await keys.verify(stored.anon_key)).toMatchObject({ role: "anon" });
    expect(await keys.verify(stored.service_role_key)).toMatchObject({ role: "service_role" });
    expect(await keys.verify(stored.service_role_key)).toMatchObject({ role: "service_role" });
    expect(checks).toHaveBeenCalledTimes(2);
    // A token signed otherwise is checked, and refused, every time.
    const forged = `${stored.anon_key.slice(0, stored.anon_key.lastIndexOf(".") + 1)}${"A".repeat(86)}`;
    await expect(keys.verify(forged)).rejects.toThrow(/signature verification failed/);
    await expect(keys.verify(forged)).rejects.toThrow(/signature verification failed/);
    expect(checks).toHaveBeenCalledTimes(4);
    const exp = Number(first.exp);
    clock = exp * 1000;
    await expect(keys.verify(stored.anon_key)).rejects.toThrow(/"exp" claim timestamp check failed/);
  });
});
