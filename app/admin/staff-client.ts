// The browser's side of staff management (the owner's): calls to
// /api/admin/staff. Every write needs a recent sign-in; the page runs them
// through confirm-identity.tsx, which asks for one and tries again.
import type { Role } from "#shared/auth/permissions.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { requestJson } from "./api-request.ts";
import type { StaffUser } from "./auth-client.ts";

export type StaffMember = StaffUser & {
  disabled: boolean;
  createdAt: number;
  /** How many second factors the account has. */
  factors: number;
  sso: boolean;
};

export type OpenInvitation = {
  id: string | number;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: number;
  expiresAt: number;
  /** The language of its mail; the account made from it starts with it. */
  language: Language;
};

export type Team = { staff: StaffMember[]; invitations: OpenInvitation[]; requireSecondFactor: boolean };

const base = "/api/admin/staff";
const member = (username: string) => `${base}/${encodeURIComponent(username)}`;

export function fetchTeam() {
  return requestJson<Team>("GET", `${base}/`);
}

export function inviteStaff(email: string, role: Role, language: Language) {
  return requestJson<{ invitation: OpenInvitation }>("POST", `${base}/invitations`, { email, role, language });
}

export function withdrawInvitation(id: OpenInvitation["id"]) {
  return requestJson<undefined>("DELETE", `${base}/invitations/${encodeURIComponent(String(id))}`);
}

/** 409 when the change would leave the team without an owner. */
export function changeRole(username: string, role: Role) {
  return requestJson<{ user: StaffMember }>("POST", `${member(username)}/role`, { role });
}

export function setDisabled(username: string, disabled: boolean) {
  return requestJson<{ user: StaffMember }>("POST", `${member(username)}/${disabled ? "disable" : "enable"}`);
}

/** Removes every second factor and recovery code of the account, for one who lost them. */
export function resetFactors(username: string) {
  return requestJson<undefined>("POST", `${member(username)}/reset-factors`);
}

export function saveTeamSettings(requireSecondFactor: boolean) {
  return requestJson<{ requireSecondFactor: boolean }>("PUT", `${base}/settings`, { requireSecondFactor });
}
