// Password sign-in: the attempt is reserved against the throttle before the
// password is checked, and the answer is equal in shape and time whatever the
// account: one that does not exist, or has no password of its own (single
// sign-on), is checked against a dummy hash of the same cost.
// An account with a second factor gets no session yet: the password step ends
// in a pending step (second-factor.ts) that a code or a passkey completes.
import type { DeviceTokens } from "./device-token.ts";
import type { FactorKind, Factors } from "./factors.ts";
import { hashPassword, verifyPassword, type HashOptions } from "./passwords.ts";
import type { SessionMeta, SessionStore } from "./sessions.ts";
import { usernameFromLogin, toStaffUser, type StaffStore, type StaffUser } from "./staff.ts";
import { codeKey, signInKeys, throttleKey, type Throttle, type ThrottleKey, type ThrottleKind } from "./throttle.ts";

export type SignedIn = { kind: "ok"; user: StaffUser; token: string; expiresAt: number; deviceToken: string };

export type SignInResult =
  | SignedIn
  | { kind: "second-factor"; user: StaffUser; methods: FactorKind[] }
  /** `username`: the account tried, when one exists by that name (never the text typed). */
  | { kind: "invalid"; username?: string }
  | Throttled;

export type SignInClient = {
  ip: string;
  /** The device cookie the browser sent, if any. */ deviceToken?: string | undefined;
  userAgent?: string | undefined;
};

export type SignInDeps = {
  staff: StaffStore;
  sessions: SessionStore;
  throttle: Throttle;
  devices: DeviceTokens;
  factors: Factors;
  hashOptions: HashOptions;
  /** The keyed pseudonym of a client address (server/net/ip-pseudonym.ts), as the throttle and trail store it. */
  pseudonym: (ip: string) => string;
  /** The pseudonym of the client's network (an IPv6 /64), which the throttle limits. */
  networkPseudonym: (ip: string) => string;
  /** Checks a password against a hash (argon2id); tests count its calls. */
  verify?: (hash: string, password: string) => Promise<boolean>;
};

/** A refused reservation as the routes answer it; `kind` names the key that held it. */
export type Throttled = { kind: "throttled"; retryAfterSeconds: number; held?: ThrottleKind };

/**
 * Reserves one attempt at the account from this client: every guess, password or code, counts alike. An authenticator
 * code (`code`) counts against the account's code budget too; without an account (a passkey nobody has) only the
 * client's network counts.
 */
export async function reserveAttempt(
  deps: SignInDeps,
  account: string | undefined,
  client: SignInClient,
  options: { code?: boolean } = {},
) {
  // An IPv6 client is limited per /64: one host or customer line gets a whole network of addresses.
  const network = deps.networkPseudonym(client.ip);
  if (account === undefined) return deps.throttle.reserve([throttleKey("sign-in:network", network)]);
  const device = deps.devices.deviceFor(client.deviceToken, account);
  const name = throttledAccount(deps, account);
  const keys: ThrottleKey[] = signInKeys(name, network, device);
  return deps.throttle.reserve(options.code ? [codeKey(name, device !== undefined), ...keys] : keys);
}

/** The throttle's name for an account as typed: keyed, so a password typed into the username field is not kept. */
export const throttledAccount = (deps: Pick<SignInDeps, "pseudonym">, account: string) =>
  deps.pseudonym(`account:${account}`);

export const retryAfter = (ms: number) => Math.ceil(ms / 1000);

/** A refused reservation as a result: how long to wait, and which key held it. */
export const throttledBy = (refusal: { retryAfterMs: number; kind: ThrottleKind }): Throttled => ({
  kind: "throttled",
  retryAfterSeconds: retryAfter(refusal.retryAfterMs),
  held: refusal.kind,
});

/** The session of a sign-in that is complete, and the device token that makes this browser trusted. */
export async function completeSignIn(deps: SignInDeps, user: StaffUser, client: SignInClient): Promise<SignedIn> {
  const session = await deps.sessions.create(user.id, {
    userAgent: client.userAgent,
    source: deps.pseudonym(client.ip),
  } satisfies SessionMeta);
  return { kind: "ok", user, ...session, deviceToken: deps.devices.issue(user.username) };
}

// One per hashing cost: a dummy must cost what the real hashes cost.
const dummyHashes = new Map<string, Promise<string>>();

/** An argon2 hash (what hashPassword makes), not a marker such as a single sign-on account's. */
const isPasswordHash = (hash: string) => hash.startsWith("$argon2");

/**
 * Whether the password is the stored hash's. A missing account, or one whose hash is no real one (single sign-on),
 * is checked against a dummy hash all the same, so its answer takes as long as a real account's.
 */
export async function checkPassword(deps: SignInDeps, storedHash: string | undefined, password: string) {
  const verify = deps.verify ?? verifyPassword;
  if (storedHash !== undefined && isPasswordHash(storedHash)) return verify(storedHash, password);
  const cost = JSON.stringify(deps.hashOptions);
  if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword("no account has this password", deps.hashOptions));
  await verify(await dummyHashes.get(cost)!, password);
  return false;
}

export function createSignIn(deps: SignInDeps) {
  return async function signIn(login: string, password: string, client: SignInClient): Promise<SignInResult> {
    const reservation = await reserveAttempt(deps, usernameFromLogin(login), client);
    if (!reservation.ok) return throttledBy(reservation);
    const row = await deps.staff.findWithHash(login);
    const valid = await checkPassword(deps, row?.password_hash, password);
    // A failure is already counted: the reservation stands.
    // A disabled account answers like a wrong password: the answer does not tell which accounts exist.
    if (!row || !valid || row.disabled !== 0) return { kind: "invalid", ...(row ? { username: row.username } : {}) };
    const user = toStaffUser(row);
    const methods = await deps.factors.kinds(user.id);
    // Half a sign-in keeps its attempt counted, or a known password would wipe the count of code guesses.
    if (methods.length > 0) return { kind: "second-factor", user, methods };
    await deps.throttle.succeeded(reservation.keys);
    return completeSignIn(deps, user, client);
  };
}
