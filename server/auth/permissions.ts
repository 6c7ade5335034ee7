// The one permission check of the staff area: every staff API handler (through
// server/http/permission.ts) and every staff page's loader (through
// app/admin/session.server.ts) asks it, so the two can never disagree.
import { may, refusal, type Permission } from "#shared/auth/permissions.ts";
import { RECENT_SIGN_IN_MS, type Session } from "./sessions.ts";

export type PermissionCheck =
  | { ok: true; session: Session }
  | { ok: false; status: 401; error: string }
  | { ok: false; status: 403; error: string; enrol?: true };

export const ENROL_FIRST = "Your team requires a second factor: add an authenticator app or a passkey first.";

export function checkPermission(session: Session | undefined, permission: Permission): PermissionCheck {
  if (!session) return { ok: false, status: 401, error: "Not signed in" };
  // Until the required factor is added, only the person's own account is open: that is where it is added.
  if (session.mustEnrol && permission !== "account:self")
    return { ok: false, status: 403, error: ENROL_FIRST, enrol: true };
  if (!may(session.user.role, permission))
    return { ok: false, status: 403, error: refusal(session.user.role, permission) };
  return { ok: true, session };
}

export const CONFIRM_FIRST =
  "Please confirm it is you: changes to second factors, roles and staff need a recent sign-in.";

/** Whether the session proved its person recently enough for a change to factors, roles or staff. */
export function isRecentSignIn(session: Session, now: number): boolean {
  return now - session.verifiedAt <= RECENT_SIGN_IN_MS;
}
