import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  answeredCredentialId,
  answeredUserId,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  relyingParty,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
  type StoredPasskey,
} from "./passkeys.ts";

const RP = relyingParty("https://example.de/", "Muster Digital");
const STORED: StoredPasskey = { credentialId: "AAECAwQ", publicKey: "pQECAyYgASFYIA", counter: 0, transports: ["usb"] };
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

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

function createAuthenticator(origin: string, rpId: string, userHandle: string) {
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

function answerOf(credentialId: Buffer, response: Record<string, unknown>) {
  const id = b64(credentialId);
  return { id, rawId: id, type: "public-key", response, clientExtensionResults: {} };
}

describe("relyingParty", () => {
  it("takes the id from the hostname and the origin without the path", () => {
    expect(relyingParty("https://example.de/", "Muster")).toEqual({
      name: "Muster",
      id: "example.de",
      origin: "https://example.de",
    });
    expect(relyingParty("http://localhost:3000/de/", "Muster")).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });
});

describe("options", () => {
  it("registration options carry the challenge, the rp, the user and the excluded passkeys", async () => {
    const { options, challenge } = await passkeyRegistrationOptions(RP, { id: 7, username: "ops" }, [STORED]);
    expect(challenge).toMatch(/^[\w-]{16,}$/);
    expect(options).toMatchObject({
      challenge,
      rp: { id: "example.de", name: "Muster Digital" },
      user: { id: b64("staff-7"), name: "ops" },
      attestation: "none",
      excludeCredentials: [{ id: STORED.credentialId, type: "public-key", transports: ["usb"] }],
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
  });

  it("authentication options list the allowed passkeys, or none for a discoverable sign-in", async () => {
    const listed = await passkeyAuthenticationOptions(RP, [STORED]);
    expect(listed.options).toMatchObject({
      challenge: listed.challenge,
      rpId: "example.de",
      userVerification: "required",
      allowCredentials: [{ id: STORED.credentialId, type: "public-key" }],
    });
    const discoverable = await passkeyAuthenticationOptions(RP, []);
    expect(discoverable.challenge).not.toBe(listed.challenge);
    expect((discoverable.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
  });
});

const MALFORMED: unknown[] = [
  undefined,
  null,
  "answer",
  42,
  [],
  {},
  { id: "AAEC", rawId: "AAEC", type: "public-key" },
  { id: "AAEC", rawId: "AAEC", type: "password", response: {} },
  { id: "not base64url!", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } },
  { id: "AAEC", rawId: "AAEC", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA" } },
  {
    id: "AAEC",
    rawId: "AAEC",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  },
];

describe("malformed answers", () => {
  it.each(MALFORMED.map((value) => [JSON.stringify(value) ?? "undefined", value]))(
    "%s is refused, not thrown",
    async (_, response) => {
      const registration = await verifyPasskeyRegistration(RP, response, "Y2hhbGxlbmdl");
      expect(registration).toMatchObject({ ok: false, error: expect.any(String) });
      const authentication = await verifyPasskeyAuthentication(RP, response, "Y2hhbGxlbmdl", STORED);
      expect(authentication).toMatchObject({ ok: false, error: expect.any(String) });
      expect(answeredUserId(response)).toBeUndefined();
    },
  );

  it("finds no credential id or user in a malformed answer", () => {
    for (const response of MALFORMED.slice(0, 9)) expect(answeredCredentialId(response)).toBeUndefined();
    const answer = answerOf(Buffer.from("id"), { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" });
    for (const handle of [b64("staff-"), b64("staff-0"), b64("staff-x1"), b64("other-7"), b64("staff-1".repeat(9))]) {
      expect(answeredUserId({ ...answer, response: { ...answer.response, userHandle: handle } })).toBeUndefined();
    }
  });

  it("reads the credential id and user from a well-formed answer", () => {
    const answer = answerOf(Buffer.from([0, 1, 2, 3, 4]), {
      clientDataJSON: "e30",
      authenticatorData: "AAAA",
      signature: "AAAA",
      userHandle: b64("staff-42"),
    });
    expect(answeredCredentialId(answer)).toBe("AAECAwQ");
    expect(answeredUserId(answer)).toBe(42);
  });
});

describe("a full ceremony with a software authenticator", () => {
  it("registers, signs in, and refuses a replayed or foreign answer", async () => {
    const authenticator = createAuthenticator(RP.origin, RP.id, "staff-7");
    const { challenge } = await passkeyRegistrationOptions(RP, { id: 7, username: "ops" }, []);
    const created = authenticator.register(challenge);
    expect(await verifyPasskeyRegistration(RP, created, "b3RoZXI")).toMatchObject({ ok: false });
    const registered = await verifyPasskeyRegistration(RP, created, challenge);
    if (!registered.ok) throw new Error(registered.error);
    expect(registered.passkey).toMatchObject({ credentialId: created.id, counter: 0, transports: ["internal"] });

    const signIn = await passkeyAuthenticationOptions(RP, []);
    const answer = authenticator.authenticate(signIn.challenge);
    expect(answeredCredentialId(answer)).toBe(created.id);
    expect(answeredUserId(answer)).toBe(7);
    const passkey = registered.passkey;
    expect(await verifyPasskeyAuthentication(RP, answer, signIn.challenge, passkey)).toEqual({ ok: true, counter: 1 });
    // The same answer again: the stored counter has moved on, so the replay is refused.
    const replay = await verifyPasskeyAuthentication(RP, answer, signIn.challenge, { ...passkey, counter: 1 });
    expect(replay).toMatchObject({ ok: false });
    const otherSite = relyingParty("https://example.com", "Elsewhere");
    expect(await verifyPasskeyAuthentication(otherSite, answer, signIn.challenge, passkey)).toMatchObject({
      ok: false,
    });
    const forged = { ...answer, response: { ...answer.response, signature: b64(randomBytes(70)) } };
    expect(await verifyPasskeyAuthentication(RP, forged, signIn.challenge, passkey)).toMatchObject({ ok: false });
    const elsewhere = { ...passkey, credentialId: "c29tZW9uZS1lbHNl" };
    expect(await verifyPasskeyAuthentication(RP, answer, signIn.challenge, elsewhere)).toEqual({
      ok: false,
      error: "The answer names another passkey",
    });
  });
});
