// The one permission check of the staff area: every staff API handler (through
// server/http/permission.ts) and every staff page's loader (through
// app/admin/session.server.ts) asks it, so the two can never disagree.
import { may, refusal, type Permission } from "#shared/auth/permissions.ts";
import { staffText, type StaffKey, type StaffVars } from "#shared/i18n/staff/staff-language.ts";
import { RECENT_SIGN_IN_MS, type Session } from "./sessions.ts";

/** A refusal: its English sentence, and the staff dictionary's key and values that word it in either language. */
type Refusal = { error: string; key: StaffKey; vars?: StaffVars };

export type PermissionCheck =
  | { ok: true; session: Session }
  | ({ ok: false; status: 401 } & Refusal)
  | ({ ok: false; status: 403; enrol?: true } & Refusal);

export function checkPermission(session: Session | undefined, permission: Permission): PermissionCheck {
  if (!session) return { ok: false, status: 401, error: staffText("en", "api.notSignedIn"), key: "api.notSignedIn" };
  // Until the required factor is added, only the person's own account is open: that is where it is added.
  if (session.mustEnrol && permission !== "account:self")
    return { ok: false, status: 403, error: staffText("en", "api.enrolFirst"), key: "api.enrolFirst", enrol: true };
  const { role } = session.user;
  if (!may(role, permission))
    return {
      ok: false,
      status: 403,
      error: refusal(role, permission),
      key: `api.refused.${permission}`,
      vars: { role },
    };
  return { ok: true, session };
}

/** Whether the session proved its person recently enough for a change to factors, roles or staff. */
export function isRecentSignIn(session: Session, now: number): boolean {
  return now - session.verifiedAt <= RECENT_SIGN_IN_MS;
}
