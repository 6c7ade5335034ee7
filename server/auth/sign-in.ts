// Password sign-in: throttled, and equal in answer and in time whether the
// account exists or not (an unknown account is checked against a dummy hash).
import { hashIp } from "./ip-hash.ts";
import { hashPassword, verifyPassword, type HashOptions } from "./passwords.ts";
import type { SessionStore } from "./sessions.ts";
import { usernameFromLogin, toStaffUser, type StaffStore, type StaffUser } from "./staff.ts";
import { throttleKeys, type Throttle } from "./throttle.ts";

export type SignInResult =
  | { kind: "ok"; user: StaffUser; token: string; expiresAt: number }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

export function createSignIn(deps: { staff: StaffStore; sessions: SessionStore; throttle: Throttle; hashOptions: HashOptions }) {
  let dummyHash: Promise<string> | undefined;
  return async function signIn(login: string, password: string, clientIp: string): Promise<SignInResult> {
    const keys = throttleKeys(usernameFromLogin(login), hashIp(clientIp));
    const waitMs = await deps.throttle.retryAfterMs(keys);
    if (waitMs > 0) return { kind: "throttled", retryAfterSeconds: Math.ceil(waitMs / 1000) };
    const row = await deps.staff.findWithHash(login);
    dummyHash ??= hashPassword("no account has this password", deps.hashOptions);
    const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
    if (!row || !valid) {
      await deps.throttle.recordFailure(keys);
      return { kind: "invalid" };
    }
    await deps.throttle.clear(keys);
    const session = await deps.sessions.create(row.id);
    return { kind: "ok", user: toStaffUser(row), ...session };
  };
}
