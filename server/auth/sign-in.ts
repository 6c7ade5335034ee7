// Password sign-in: the attempt is reserved against the throttle before the
// password is checked, and the answer is equal in shape and time whether the
// account exists or not (an unknown account is checked against a dummy hash).
import type { DeviceTokens } from "./device-token.ts";
import { clientNetwork } from "#server/net/client-address.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";
import { hashPassword, verifyPassword, type HashOptions } from "./passwords.ts";
import type { SessionStore } from "./sessions.ts";
import { usernameFromLogin, toStaffUser, type StaffStore, type StaffUser } from "./staff.ts";
import { throttleKeys, type Throttle } from "./throttle.ts";

export type SignInResult =
  | { kind: "ok"; user: StaffUser; token: string; expiresAt: number; deviceToken: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

export type SignInClient = {
  ip: string;
  /** The device cookie the browser sent, if any. */ deviceToken?: string | undefined;
};

type SignInDeps = {
  staff: StaffStore;
  sessions: SessionStore;
  throttle: Throttle;
  devices: DeviceTokens;
  hashOptions: HashOptions;
  /** Keys the address pseudonyms the throttle stores (server/net/ip-pseudonym.ts). */
  ipKey: Buffer;
};

export function createSignIn(deps: SignInDeps) {
  let dummyHash: Promise<string> | undefined;
  return async function signIn(login: string, password: string, client: SignInClient): Promise<SignInResult> {
    const account = usernameFromLogin(login);
    // An IPv6 client is limited per /64: one host or customer line gets a whole network of addresses.
    const network = ipPseudonym(deps.ipKey, clientNetwork(client.ip));
    const keys = throttleKeys(account, network, deps.devices.deviceFor(client.deviceToken, account));
    const reservation = await deps.throttle.reserve(keys);
    if (!reservation.ok) return { kind: "throttled", retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000) };
    const row = await deps.staff.findWithHash(login);
    dummyHash ??= hashPassword("no account has this password", deps.hashOptions);
    const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
    // A failure is already counted: the reservation stands.
    // A disabled account answers like a wrong password: the answer does not tell which accounts exist.
    if (!row || !valid || row.disabled !== 0) return { kind: "invalid" };
    await deps.throttle.succeeded(reservation.keys);
    const session = await deps.sessions.create(row.id);
    return { kind: "ok", user: toStaffUser(row), ...session, deviceToken: deps.devices.issue(account) };
  };
}
