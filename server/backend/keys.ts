// The embedded backend's one signing key. Access tokens, the anon key and the service-role key
// are all ES256 JWTs signed with it, so the REST layer verifies every bearer the same way and
// supabase-js's getClaims() verifies access tokens locally against the JWKS (an HS256 secret
// would cost a GET /user per call, see docs/supabase-wire.md §2 and §7).
//
// The key is generated on first start and kept: in `<dataDir>/auth-signing-key.json` (mode 0600)
// when there is a data directory, otherwise (DATABASE_URL mode) in `auth.signing_keys`, so that
// several instances behind a load balancer share it.
import { createHmac, randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify } from "jose";
import type { JWK, JWTPayload } from "jose";
import type { Database } from "./db/types.ts";

export const SIGNING_KEY_FILE = "auth-signing-key.json";

/** Ten years: the anon and service-role keys are API keys, not sessions (Supabase's are as long). */
const API_KEY_LIFETIME_S = 10 * 365 * 24 * 3600;

export interface SigningKeys {
  readonly kid: string;
  /** Verifies an ES256 JWT signed by this key; throws on a bad signature, another alg or expiry. */
  verify(token: string): Promise<Record<string, unknown>>;
  /** Signs claims as given (the caller sets iat/exp). */
  sign(claims: Record<string, unknown>): Promise<string>;
  /** The body of GET /auth/v1/.well-known/jwks.json. */
  readonly jwks: { keys: JWK[] };
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** A secret derived from the private key for one purpose (e.g. refresh-token chaining). */
  derive(label: string): Buffer;
}

/** What is persisted: the private key plus the API keys minted once with it (stable across restarts). */
export interface StoredSigningKey {
  kid: string;
  created_at: number;
  private_jwk: JWK;
  anon_key: string;
  service_role_key: string;
}

export interface LoadSigningKeysOptions {
  db: Database;
  dataDir?: string;
  /** Milliseconds since the epoch (like Date.now); injectable for tests. */
  now?: () => number;
}

export async function loadSigningKeys(opts: LoadSigningKeysOptions): Promise<SigningKeys> {
  const now = opts.now ?? Date.now;
  const nowS = () => Math.floor(now() / 1000);
  const stored = opts.dataDir ? await loadFromFile(opts.dataDir, nowS) : await loadFromDatabase(opts.db, nowS);
  return signingKeysFrom(stored, now);
}

/** Reads the key file a running server wrote (the operator commands use it); null when absent. */
export async function readStoredSigningKey(dataDir: string): Promise<StoredSigningKey | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, SIGNING_KEY_FILE), "utf8")) as StoredSigningKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function generateSigningKey(nowS: number): Promise<StoredSigningKey> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  const private_jwk = await exportJWK(privateKey);
  const key = await importJWK({ ...private_jwk, alg: "ES256" }, "ES256");
  const apiKey = (role: string) =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
      .setIssuer("supabase")
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + API_KEY_LIFETIME_S)
      .sign(key);
  return {
    kid,
    created_at: nowS,
    private_jwk,
    anon_key: await apiKey("anon"),
    service_role_key: await apiKey("service_role"),
  };
}

export async function signingKeysFrom(stored: StoredSigningKey, now: () => number): Promise<SigningKeys> {
  const privateKey = await importJWK({ ...stored.private_jwk, alg: "ES256" }, "ES256");
  const { d: _private, ...publicJwk } = stored.private_jwk;
  const publicKey = await importJWK({ ...publicJwk, alg: "ES256" }, "ES256");
  const jwk: JWK = { ...publicJwk, kid: stored.kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
  // The anon and service-role keys come with nearly every request to the backend (the server's
  // own loaders send the anon key): their signatures are checked once.
  const apiKeys = new Map<string, JWTPayload>();
  return {
    kid: stored.kid,
    jwks: { keys: [jwk] },
    anonKey: stored.anon_key,
    serviceRoleKey: stored.service_role_key,
    derive(label) {
      return createHmac("sha256", Buffer.from(String(stored.private_jwk.d), "base64url"))
        .update(label)
        .digest();
    },
    async sign(claims) {
      return new SignJWT(claims as JWTPayload)
        .setProtectedHeader({ alg: "ES256", kid: stored.kid, typ: "JWT" })
        .sign(privateKey);
    },
    async verify(token) {
      const known = apiKeys.get(token);
      // What jwtVerify would check of a key whose signature it has passed: its expiry.
      if (known && typeof known.exp === "number" && known.exp > Math.floor(now() / 1000)) return { ...known };
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: ["ES256"],
        currentDate: new Date(now()),
      });
      if (token === stored.anon_key || token === stored.service_role_key) apiKeys.set(token, { ...payload });
      return payload as Record<string, unknown>;
    },
  };
}

async function loadFromFile(dataDir: string, now: () => number): Promise<StoredSigningKey> {
  const existing = await readStoredSigningKey(dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const fresh = await generateSigningKey(now());
  try {
    // "wx": never overwrite a key another process wrote meanwhile (tokens signed with it would die).
    await writeFile(join(dataDir, SIGNING_KEY_FILE), JSON.stringify(fresh, null, 2) + "\n", {
      mode: 0o600,
      flag: "wx",
    });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = await readStoredSigningKey(dataDir);
    if (!winner) throw error;
    return winner;
  }
}

async function loadFromDatabase(db: Database, now: () => number): Promise<StoredSigningKey> {
  const read = async () => {
    const { rows } = await db.query<{ key: StoredSigningKey | string }>(
      "SELECT key FROM auth.signing_keys ORDER BY created_at, id LIMIT 1",
    );
    const key = rows[0]?.key;
    return typeof key === "string" ? (JSON.parse(key) as StoredSigningKey) : (key ?? null);
  };
  const existing = await read();
  if (existing) return existing;
  const fresh = await generateSigningKey(now());
  // Two instances starting at once: both insert under the same fixed id, one wins, both read it.
  await db.query("INSERT INTO auth.signing_keys (id, key) VALUES ('primary', $1::jsonb) ON CONFLICT (id) DO NOTHING", [
    JSON.stringify(fresh),
  ]);
  const winner = await read();
  if (!winner) throw new Error("auth.signing_keys: the signing key could not be stored");
  return winner;
}
