// A software authenticator for passkey tests, so registration and sign-in ceremonies run end to end without a
// browser: unit tests hand its answers to passkeys.ts, integration tests post them to the API.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

export const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

/**
 * A software authenticator: an ES256 key, "none" attestation, answers built the way a browser hands them over.
 * Enough CBOR for WebAuthn (unsigned and negative integers, byte and text strings, maps) is encoded by hand.
 */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24 ? Buffer.from([(major << 5) | n]) : n < 256 ? Buffer.from([(major << 5) | 24, n]) : head16(major, n);
  const head16 = (major: number, n: number) => Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...(value as Map<unknown, unknown>)];
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

export function createAuthenticator(origin: string, rpId: string, userHandle: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  const rpIdHash = createHash("sha256").update(rpId).digest();
  const UP_UV = 0x05;
  const AT = 0x40;
  let counter = 0;
  const authData = (flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    register(challenge: string) {
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, "base64url")],
          [-3, Buffer.from(jwk.y!, "base64url")],
        ]),
      );
      const idLength = Buffer.from([0, credentialId.length]);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const attestation = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData(UP_UV | AT, attested)],
        ]),
      );
      return answerOf(credentialId, {
        clientDataJSON: b64(clientData("webauthn.create", challenge)),
        attestationObject: b64(attestation),
        transports: ["internal", "made-up"],
      });
    },
    authenticate(challenge: string) {
      counter += 1;
      const data = authData(UP_UV);
      const client = clientData("webauthn.get", challenge);
      const signed = Buffer.concat([data, createHash("sha256").update(client).digest()]);
      return answerOf(credentialId, {
        clientDataJSON: b64(client),
        authenticatorData: b64(data),
        signature: b64(sign("sha256", signed, privateKey as KeyObject)),
        userHandle: b64(userHandle),
      });
    },
  };
}

export function answerOf(credentialId: Buffer, response: Record<string, unknown>) {
  const id = b64(credentialId);
  return { id, rawId: id, type: "public-key", response, clientExtensionResults: {} };
}
