// The one permission check of the staff area: every staff API handler (through
// server/http/permission.ts) and every staff page's loader (through
// app/admin/session.server.ts) asks it, so the two can never disagree.
import { may, refusal, type Permission } from "#shared/auth/permissions.ts";
import type { Session } from "./sessions.ts";

export type PermissionCheck =
  | { ok: true; session: Session }
  | { ok: false; status: 401; error: string }
  | { ok: false; status: 403; error: string };

export function checkPermission(session: Session | undefined, permission: Permission): PermissionCheck {
  if (!session) return { ok: false, status: 401, error: "Not signed in" };
  if (!may(session.user.role, permission))
    return { ok: false, status: 403, error: refusal(session.user.role, permission) };
  return { ok: true, session };
}
