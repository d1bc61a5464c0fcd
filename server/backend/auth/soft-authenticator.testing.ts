// A software WebAuthn authenticator for tests: one P-256 credential, "none" attestation, a
// signature counter the test can set. It answers the options supabase-js hands back from
// `mfa.challenge` (challenge as an ArrayBuffer) with the JSON a browser's `toJSON()` gives.
import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** A CBOR item's first bytes: its major type and length (short forms only). */
function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
}

/** The few CBOR types an attestation object and a COSE key need (RFC 8949). */
function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([new Uint8Array(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([new Uint8Array(head(2, value.length)), value]);
  const parts: Uint8Array[] = [new Uint8Array(head(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(new Uint8Array(bytes)).toString("base64url");

/** What supabase-js's mfa.challenge returns under `webauthn.credential_options.publicKey`. */
export interface ChallengeOptions {
  challenge: ArrayBuffer | Uint8Array | string;
  rp?: { id?: string };
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(16));
  /** The signature counter the next assertion reports (after adding one). */
  counter = 0;
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, options: ChallengeOptions, origin: string): Uint8Array {
    const challenge = typeof options.challenge === "string" ? options.challenge : b64url(options.challenge);
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Uint8Array {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const rpIdHash = createHash("sha256").update(rpId).digest();
    return Buffer.concat([rpIdHash, new Uint8Array([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create()'s answer, as RegistrationResponseJSON. */
  register(options: ChallengeOptions, origin = this.origin) {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const attested = Buffer.concat([new Uint8Array(16), idLength, this.credentialId, coseKey]);
    // User present (0x01), attested credential data (0x40).
    const authData = this.authData(options.rp?.id ?? "", 0x41, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get()'s answer, as AuthenticationResponseJSON; the counter moves on by one. */
  assert(options: ChallengeOptions, origin = this.origin) {
    this.counter += 1;
    const clientDataJSON = this.clientData("webauthn.get", options, origin);
    const authData = this.authData(options.rpId ?? "", 0x01);
    const signature = createSign("sha256")
      .update(Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]))
      .sign(this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
