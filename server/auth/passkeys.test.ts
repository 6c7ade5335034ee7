import { randomBytes } from "node:crypto";
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
import { answerOf, b64, createAuthenticator } from "#tests/support/software-authenticator.ts";

const RP = relyingParty("https://example.de/", "Muster Digital");
const STORED: StoredPasskey = { credentialId: "AAECAwQ", publicKey: "pQECAyYgASFYIA", counter: 0, transports: ["usb"] };

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
