// Password sign-in: the attempt is reserved against the throttle before the
// password is checked, and the answer is equal in shape and time whether the
// account exists or not (an unknown account is checked against a dummy hash).
// An account with a second factor gets no session yet: the password step ends
// in a pending step (second-factor.ts) that a code or a passkey completes.
import type { DeviceTokens } from "./device-token.ts";
import type { FactorKind, Factors } from "./factors.ts";
import { hashPassword, verifyPassword, type HashOptions } from "./passwords.ts";
import type { SessionMeta, SessionStore } from "./sessions.ts";
import { usernameFromLogin, toStaffUser, type StaffStore, type StaffUser } from "./staff.ts";
import { throttleKeys, type Throttle, type ThrottleKey } from "./throttle.ts";

export type SignedIn = { kind: "ok"; user: StaffUser; token: string; expiresAt: number; deviceToken: string };

export type SignInResult =
  | SignedIn
  | { kind: "second-factor"; user: StaffUser; methods: FactorKind[] }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

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
};

/** Reserves one attempt at the account from this client: every guess, password or code, counts alike. */
export async function reserveAttempt(deps: SignInDeps, account: string, client: SignInClient) {
  // An IPv6 client is limited per /64: one host or customer line gets a whole network of addresses.
  const network = deps.networkPseudonym(client.ip);
  const keys: ThrottleKey[] = throttleKeys(account, network, deps.devices.deviceFor(client.deviceToken, account));
  return deps.throttle.reserve(keys);
}

export const retryAfter = (ms: number) => Math.ceil(ms / 1000);

/** The session of a sign-in that is complete, and the device token that makes this browser trusted. */
export async function completeSignIn(deps: SignInDeps, user: StaffUser, client: SignInClient): Promise<SignedIn> {
  const session = await deps.sessions.create(user.id, {
    userAgent: client.userAgent,
    source: deps.pseudonym(client.ip),
  } satisfies SessionMeta);
  return { kind: "ok", user, ...session, deviceToken: deps.devices.issue(user.username) };
}

export function createSignIn(deps: SignInDeps) {
  let dummyHash: Promise<string> | undefined;
  return async function signIn(login: string, password: string, client: SignInClient): Promise<SignInResult> {
    const reservation = await reserveAttempt(deps, usernameFromLogin(login), client);
    if (!reservation.ok) return { kind: "throttled", retryAfterSeconds: retryAfter(reservation.retryAfterMs) };
    const row = await deps.staff.findWithHash(login);
    dummyHash ??= hashPassword("no account has this password", deps.hashOptions);
    const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
    // A failure is already counted: the reservation stands.
    // A disabled account answers like a wrong password: the answer does not tell which accounts exist.
    if (!row || !valid || row.disabled !== 0) return { kind: "invalid" };
    const user = toStaffUser(row);
    const methods = await deps.factors.kinds(user.id);
    // Half a sign-in keeps its attempt counted, or a known password would wipe the count of code guesses.
    if (methods.length > 0) return { kind: "second-factor", user, methods };
    await deps.throttle.succeeded(reservation.keys);
    return completeSignIn(deps, user, client);
  };
}
