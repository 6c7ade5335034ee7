// Passkeys (WebAuthn) through @simplewebauthn/server, behind plain types: the rest of the server stores and
// passes strings and numbers, and a library upgrade touches this file only. Everything a browser sends is
// untrusted, so the verify functions never throw: a bad answer is a result, not an exception.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";

/**
 * The library, loaded when a passkey is first registered or used: with its certificate parsers it is some 25 MB
 * of memory in every worker that loads it, and most never see a passkey (decision 061).
 */
const webauthn = () => import("@simplewebauthn/server");

export type RelyingParty = { name: string; id: string; origin: string };
export type StoredPasskey = { credentialId: string; publicKey: string; counter: number; transports: string[] };

/** The longest credential id the staff_factors table holds (varchar(1024)). */
const MAX_CREDENTIAL_ID_LENGTH = 1024;
/** Transports the WebAuthn spec names: anything else a browser reports is dropped, not stored. */
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
// The user handle: the person's id, prefixed so a handle from another system never parses as one of ours.
const userHandle = (id: number) => new TextEncoder().encode(`staff-${id}`);
const USER_HANDLE = /^staff-([1-9]\d{0,14})$/;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
const credentialId = base64url.max(MAX_CREDENTIAL_ID_LENGTH);
// Loose objects: the library reads fields (clientExtensionResults, authenticatorAttachment) a strict parse would drop.
const answer = <T extends z.ZodRawShape>(response: T) =>
  z.looseObject({
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key"),
    response: z.looseObject(response),
  });
const registrationAnswer = answer({ clientDataJSON: base64url, attestationObject: base64url });
const authenticationAnswer = answer({
  clientDataJSON: base64url,
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url.optional(),
});

/** The relying party for the site: WebAuthn scopes credentials to the hostname and checks the exact origin. */
export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl);
  return { name, id: url.hostname, origin: url.origin };
}

export async function passkeyRegistrationOptions(
  rp: RelyingParty,
  user: { id: number; username: string },
  existing: StoredPasskey[],
): Promise<{ options: unknown; challenge: string }> {
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.username,
    // Stable per person, so a second enrolment replaces this site's passkey on the same authenticator rather
    // than adding a twin; answeredUserId reads it back from a passwordless sign-in.
    userID: userHandle(user.id),
    attestationType: "none",
    excludeCredentials: existing.map(toDescriptor),
    // Resident: passwordless sign-in finds the passkey without a username. Verified: the passkey alone is
    // two factors (the device and its PIN or biometric), which is what lets it stand in for password + code.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, challenge: options.challenge };
}

export async function verifyPasskeyRegistration(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
): Promise<{ ok: true; passkey: StoredPasskey } | { ok: false; error: string }> {
  const parsed = registrationAnswer.safeParse(response);
  if (!parsed.success) return { ok: false, error: "The passkey's answer is malformed" };
  try {
    const result = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: parsed.data as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, error: "The passkey could not be verified" };
    const { credential } = result.registrationInfo;
    if (credential.id.length > MAX_CREDENTIAL_ID_LENGTH) return { ok: false, error: "The passkey's id is too long" };
    const passkey = {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((transport) => KNOWN_TRANSPORTS.has(transport)),
    };
    return { ok: true, passkey };
  } catch (error) {
    return { ok: false, error: reason(error) };
  }
}

export async function passkeyAuthenticationOptions(
  rp: RelyingParty,
  allow: StoredPasskey[],
): Promise<{ options: unknown; challenge: string }> {
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    // None listed: the browser offers any passkey it holds for this site (discoverable sign-in).
    allowCredentials: allow.length > 0 ? allow.map(toDescriptor) : undefined,
    userVerification: "required",
  });
  return { options, challenge: options.challenge };
}

/** The credential id the browser's answer names (to look the passkey up before verifying); undefined if malformed. */
export function answeredCredentialId(response: unknown): string | undefined {
  const parsed = authenticationAnswer.safeParse(response);
  return parsed.success ? parsed.data.id : undefined;
}

/** The user handle a discoverable answer carries, decoded back to the user id, or undefined. */
export function answeredUserId(response: unknown): number | undefined {
  const parsed = authenticationAnswer.safeParse(response);
  const handle = parsed.success ? parsed.data.response.userHandle : undefined;
  if (handle === undefined) return undefined;
  const match = USER_HANDLE.exec(Buffer.from(handle, "base64url").toString("utf8"));
  return match ? Number(match[1]) : undefined;
}

export async function verifyPasskeyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: StoredPasskey,
): Promise<{ ok: true; counter: number } | { ok: false; error: string }> {
  const parsed = authenticationAnswer.safeParse(response);
  if (!parsed.success) return { ok: false, error: "The passkey's answer is malformed" };
  // The library checks the signature against the key it is given; that the answer names that key is ours to check.
  if (parsed.data.id !== passkey.credentialId) return { ok: false, error: "The answer names another passkey" };
  try {
    const result = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: parsed.data as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, error: "The passkey's signature is not valid" };
    return { ok: true, counter: result.authenticationInfo.newCounter };
  } catch (error) {
    return { ok: false, error: reason(error) };
  }
}

function toDescriptor(passkey: StoredPasskey) {
  return { id: passkey.credentialId, transports: passkey.transports };
}

/** The library's reason, cut short: its messages quote browser-sent values, which may be long. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The passkey could not be verified: ${message.length > 160 ? `${message.slice(0, 157)}...` : message}`;
}
