// The browser's side of staff authentication: calls to /api/auth. The
// session itself lives in an HttpOnly cookie that scripts never see.
import {
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { Role } from "#shared/auth/permissions.ts";
import { clientFailure, requestJson, type ApiResult } from "./api-request.ts";

export type StaffUser = { id: number; username: string; email: string | null; role: Role };
export type SessionInfo = { user: StaffUser; expiresAt: number };
/** A finished sign-in: `mustEnrol` when the team requires a second factor the account lacks. */
export type SignedIn = SessionInfo & { mustEnrol: boolean };
export type SecondFactorMethod = "totp" | "passkey" | "recovery";

export type SignInOutcome =
  | { kind: "ok"; session: SignedIn }
  | { kind: "second-factor"; methods: SecondFactorMethod[] }
  /** The server's words: a wrong password, a wrong code, a passkey not accepted. */
  | { kind: "invalid"; message?: string }
  /** The password step was too long ago: start again. */
  | { kind: "expired" }
  /** `reason` "codes": the account's budget of authenticator codes is spent (a recovery code or passkey works). */
  | { kind: "throttled"; retryAfterSeconds: number; reason?: string }
  /** The browser's passkey prompt was dismissed or failed. */
  | { kind: "cancelled" }
  | { kind: "error" };

type SignInAnswer = SignedIn | { secondFactor: { methods: SecondFactorMethod[] } };

function outcomeOf(result: ApiResult<SignInAnswer>): SignInOutcome {
  if (result.ok)
    return "secondFactor" in result.data
      ? { kind: "second-factor", methods: result.data.secondFactor.methods }
      : { kind: "ok", session: result.data };
  if (result.status === 401) return { kind: "invalid", ...(result.error ? { message: result.error } : {}) };
  if (result.status === 410) return { kind: "expired" };
  if (result.status === 429)
    return {
      kind: "throttled",
      retryAfterSeconds: result.retryAfterSeconds ?? 60,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  return { kind: "error" };
}

/** The password step: signed in, or a second step is needed (the server keeps the pending step in a cookie). */
export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  return outcomeOf(await requestJson<SignInAnswer>("POST", "/api/auth/sign-in", { username, password }));
}

/** The second step with a code: six digits from an authenticator app, or a recovery code. */
export async function submitSecondFactor(code: string): Promise<SignInOutcome> {
  return outcomeOf(await requestJson<SignInAnswer>("POST", "/api/auth/second-factor", { code }));
}

/**
 * A passkey: the second step after a password, or, without one, a passwordless
 * sign-in with any passkey of this site (the server knows which by its cookie).
 */
export async function signInWithPasskey(): Promise<SignInOutcome> {
  const options = await requestJson<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    "/api/auth/passkey/options",
  );
  if (!options.ok) return outcomeOf(options);
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options.data.options });
  } catch (error) {
    console.warn("Passkey prompt ended without an answer", error);
    return { kind: "cancelled" };
  }
  return outcomeOf(await requestJson<SignInAnswer>("POST", "/api/auth/passkey/sign-in", { response }));
}

/** How this account proves a recent sign-in: its password, or (once it has one) its second factor. */
export type ConfirmMethod = "password" | "totp" | "passkey" | "recovery";

export function confirmMethods() {
  return requestJson<{ methods: ConfirmMethod[] }>("GET", "/api/auth/confirm");
}

/** Proves a recent sign-in, for the calls that need one: the password, or an authentication or recovery code. */
export function confirmIdentity(proof: { password: string } | { code: string }) {
  return requestJson<{ verifiedAt: number }>("POST", "/api/auth/confirm", proof);
}

/** Proves a recent sign-in with one of the account's passkeys; a dismissed prompt is a failure of status 0. */
export async function confirmWithPasskey(): Promise<ApiResult<{ verifiedAt: number }>> {
  const options = await requestJson<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    "/api/auth/confirm/passkey/options",
  );
  if (!options.ok) return options;
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options.data.options });
  } catch (error) {
    console.warn("Passkey prompt ended without an answer", error);
    return clientFailure("signIn.noPasskey");
  }
  return requestJson<{ verifiedAt: number }>("POST", "/api/auth/confirm/passkey", { response });
}

/** The current session, or null when signed out; throws when the server cannot be reached. */
export async function fetchSession(): Promise<SessionInfo | null> {
  const response = await fetch("/api/auth/session", { cache: "no-store" });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Session check failed with status ${response.status}`);
  return (await response.json()) as SessionInfo;
}

export async function refreshSession(): Promise<number | null> {
  const response = await fetch("/api/auth/refresh", { method: "POST" });
  if (!response.ok) return null;
  return ((await response.json()) as { expiresAt: number }).expiresAt;
}

export async function signOut(): Promise<void> {
  const response = await fetch("/api/auth/sign-out", { method: "POST" });
  if (!response.ok) throw new Error(`Sign-out failed with status ${response.status}`);
}

export type Invitation = { email: string; role: Role; expiresAt: number; suggestedUsername: string };

/** What an invitation offers; 404 when it is unknown, expired, used or withdrawn. */
export function lookupInvitation(token: string) {
  return requestJson<Invitation>("POST", "/api/auth/invitations/lookup", { token });
}

/** Creates the account and signs it in; 400 with `fields` when the username or password will not do. */
export function acceptInvitation(token: string, username: string, password: string) {
  return requestJson<SignedIn>("POST", "/api/auth/invitations/accept", { token, username, password });
}
