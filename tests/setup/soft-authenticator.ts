import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software WebAuthn authenticator for the integration tests: P-256 keys from node:crypto, "none"
 * attestation in CBOR, and the JSON forms a browser's navigator.credentials calls answer (as
 * @simplewebauthn/browser sends them). It signs whatever origin it is told, so a test can make the
 * answer a phishing page on another origin would get from a real authenticator.
 */

// ---------------------------------------------------------------- the little CBOR WebAuthn needs

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
  throw new Error("too long for this encoder");
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([Buffer.from(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), value]);
  const parts: Buffer[] = [Buffer.from(head(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------- the authenticator

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

export interface CeremonyOptions {
  /** The origin the client data names (the page's). */
  origin: string;
  /** The RP ID whose hash the authenticator data carries (the options' by default). */
  rpId?: string;
  /** Whether the user was verified (a PIN, a fingerprint); true by default. */
  userVerified?: boolean;
}

export function softAuthenticator() {
  const credentials: Credential[] = [];

  function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new discoverable P-256 credential for `options`. */
  function register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, ceremony: CeremonyOptions) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: Credential = { id: randomBytes(16), privateKey, publicKey, userHandle: options.user.id, counter: 0 };
    credentials.push(credential);
    const rpId = ceremony.rpId ?? options.rp.id!;
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKey(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, ceremony.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by a credential of this authenticator (the last made, unless named). */
  function assert(options: { challenge: string; rpId?: string }, ceremony: CeremonyOptions & { credentialId?: string }) {
    const credential = ceremony.credentialId ? credentials.find((c) => b64url(c.id) === ceremony.credentialId) : credentials.at(-1);
    if (!credential) throw new Error("no such credential on this authenticator");
    credential.counter += 1;
    const rpId = ceremony.rpId ?? options.rpId!;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
    const clientDataJSON = clientData("webauthn.get", options.challenge, ceremony.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  return { register, assert, credentials };
}
