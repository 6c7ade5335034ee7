// The step after the password, and the proofs that stand on their own: a code
// (an authenticator app's or a recovery code), or a passkey, which may also be
// the whole sign-in. Every code guess reserves an attempt against the same
// throttle keys as a password guess, and an authenticator code against the
// account's daily code budget too (throttle.ts); a full sign-in gives them back.
import { looksLikeRecoveryCode, type RecoveryCodes } from "./recovery-codes.ts";
import type { Challenges } from "./challenges.ts";
import {
  answeredCredentialId,
  passkeyAuthenticationOptions,
  verifyPasskeyAuthentication,
  type RelyingParty,
} from "./passkeys.ts";
import {
  completeSignIn,
  reserveAttempt,
  throttledBy,
  type SignedIn,
  type SignInClient,
  type SignInDeps,
  type Throttled,
} from "./sign-in.ts";
import type { FactorKind } from "./factors.ts";
import type { StaffUser } from "./staff.ts";

/** How long the second step waits after a right password. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
const CEREMONY_MS = 5 * 60_000;

export type ProofResult =
  | { kind: "ok"; user: StaffUser; method: "totp" | "recovery-code" | "passkey" }
  // "spent": a recovery code of the person's that was used before (still a failed attempt).
  | { kind: "invalid"; user?: StaffUser; spent?: true }
  | { kind: "expired" }
  | Throttled;

export type StepResult = (SignedIn & { method: string }) | Exclude<ProofResult, { kind: "ok" }>;

type Deps = SignInDeps & { recoveryCodes: RecoveryCodes; challenges: Challenges; rp: RelyingParty };

export function createSecondFactor(deps: Deps) {
  async function account(userId: number | null): Promise<StaffUser | undefined> {
    if (userId === null) return undefined;
    const found = await deps.staff.findById(userId);
    return found && !found.disabled ? found : undefined;
  }

  /** Checks a code for the account: its apps' current codes, or one of its unused recovery codes. */
  async function proveWithCode(user: StaffUser, code: string, client: SignInClient): Promise<ProofResult> {
    const digits = code.replace(/\s/g, "");
    // Only six digits can be an authenticator's code; a recovery code (50 bits) is no guess worth a budget.
    const totp = /^\d{6}$/.test(digits);
    const reservation = await reserveAttempt(deps, user.username, client, { code: totp });
    if (!reservation.ok) return throttledBy(reservation);
    if (totp && (await deps.factors.useTotp(user.id, digits))) {
      await deps.throttle.succeeded(reservation.keys);
      return { kind: "ok", user, method: "totp" };
    }
    const recovery = looksLikeRecoveryCode(code) ? await deps.recoveryCodes.use(user.id, code) : "unknown";
    if (recovery === "used") {
      await deps.throttle.succeeded(reservation.keys);
      return { kind: "ok", user, method: "recovery-code" };
    }
    // The reserved attempt is kept either way: a spent code counts against the throttle like a wrong one.
    return { kind: "invalid", user, ...(recovery === "spent" ? { spent: true as const } : {}) };
  }

  /**
   * Checks a passkey's answer to a ceremony's challenge. With `expected`, the passkey must be that person's;
   * without, it names its person (a passwordless sign-in).
   */
  async function proveWithPasskey(
    ceremony: string | undefined,
    response: unknown,
    client: SignInClient,
    expected?: StaffUser,
  ): Promise<ProofResult> {
    const challenge = await deps.challenges.take("passkey-sign-in", ceremony);
    if (!challenge) return { kind: "expired" };
    const credentialId = answeredCredentialId(response);
    const passkey = credentialId ? await deps.factors.passkeyById(credentialId) : undefined;
    const user = expected ?? (passkey ? await account(passkey.userId) : undefined);
    // A passkey nobody has counts against the client's network only: there is no account to hold.
    const reservation = await reserveAttempt(deps, user?.username, client);
    if (!reservation.ok) return throttledBy(reservation);
    if (!user || !passkey || passkey.userId !== user.id) return { kind: "invalid", ...(user ? { user } : {}) };
    const check = await verifyPasskeyAuthentication(deps.rp, response, String(challenge.value.challenge), passkey);
    if (!check.ok) return { kind: "invalid", user };
    await deps.factors.passkeyUsed(passkey.id, check.counter);
    await deps.throttle.succeeded(reservation.keys);
    return { kind: "ok", user, method: "passkey" };
  }

  async function finish(proof: ProofResult, pending: string | undefined, client: SignInClient): Promise<StepResult> {
    if (proof.kind !== "ok") return proof;
    // The pending step is used up by the sign-in it completes.
    if (pending) await deps.challenges.take("second-factor", pending);
    return { ...(await completeSignIn(deps, proof.user, client)), method: proof.method };
  }

  return {
    /** Opens the step after a right password; returns the token the browser keeps for it (a cookie). */
    begin(user: StaffUser, methods: FactorKind[]): Promise<string> {
      return deps.challenges.issue("second-factor", user.id, { methods }, PENDING_SIGN_IN_MS);
    },

    /** The second step by a code. */
    async withCode(pending: string | undefined, code: string, client: SignInClient): Promise<StepResult> {
      const step = await deps.challenges.peek("second-factor", pending);
      const user = step ? await account(step.userId) : undefined;
      if (!user) return { kind: "expired" };
      return finish(await proveWithCode(user, code, client), pending, client);
    },

    /** A passkey ceremony: for the pending step's account, or for any passkey of this site (passwordless). */
    async passkeyOptions(pending: string | undefined): Promise<{ options: unknown; ceremony: string }> {
      const step = await deps.challenges.peek("second-factor", pending);
      const allow = step?.userId ? await deps.factors.passkeys(step.userId) : [];
      const { options, challenge } = await passkeyAuthenticationOptions(deps.rp, allow);
      const ceremony = await deps.challenges.issue("passkey-sign-in", step?.userId ?? null, { challenge }, CEREMONY_MS);
      return { options, ceremony };
    },

    /** Sign-in by a passkey: the second step when one is pending, otherwise the whole sign-in. */
    async withPasskey(
      pending: string | undefined,
      ceremony: string | undefined,
      response: unknown,
      client: SignInClient,
    ): Promise<StepResult> {
      const step = await deps.challenges.peek("second-factor", pending);
      const expected = step ? await account(step.userId) : undefined;
      return finish(await proveWithPasskey(ceremony, response, client, expected), step ? pending : undefined, client);
    },

    /** A passkey ceremony for a signed-in person to prove it is them again (confirm, before sensitive changes). */
    async confirmPasskeyOptions(user: StaffUser): Promise<{ options: unknown; ceremony: string }> {
      const allow = await deps.factors.passkeys(user.id);
      const { options, challenge } = await passkeyAuthenticationOptions(deps.rp, allow);
      const ceremony = await deps.challenges.issue("passkey-sign-in", user.id, { challenge }, CEREMONY_MS);
      return { options, ceremony };
    },

    /** Proves a signed-in person again (a recent sign-in for sensitive changes): a code or a passkey. */
    proveWithCode,
    proveWithPasskey,
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
