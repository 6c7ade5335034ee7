// Who may do what in the staff area: one table of permissions to roles, read by
// the API's handlers, the staff pages' loaders and the pages' buttons alike, so
// a button is shown exactly when the call behind it would be allowed.

export const ROLES = ["owner", "operator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Each permission names the roles that hold it; the owner holds every one. */
export const PERMISSIONS = {
  "dashboard:read": ["owner", "operator", "viewer"],
  // One's own password, second factors and sessions: everyone's, even before a required factor is added.
  "account:self": ["owner", "operator", "viewer"],
  "incidents:acknowledge": ["owner", "operator"],
  "maintenance:manage": ["owner", "operator"],
  "status-updates:post": ["owner", "operator"],
  "tests:run": ["owner", "operator"],
  "checks:refresh": ["owner", "operator"],
  "certificates:renew": ["owner", "operator"],
  // Contact messages are customers' personal data: deleting or re-sending them is the owner's call.
  "messages:manage": ["owner"],
  "staff:manage": ["owner"],
  // Subscribers' addresses are personal data too, and webhook subscribers carry customers' secrets.
  "subscribers:manage": ["owner"],
  // Who did what, from which (pseudonymous) address: about staff, so the owner's, like staff management.
  "audit:read": ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What each permission lets one do, for the refusal's message. */
const ACTIONS: Record<Permission, string> = {
  "dashboard:read": "read the dashboard",
  "account:self": "manage their own account",
  "incidents:acknowledge": "acknowledge incidents",
  "maintenance:manage": "turn maintenance on or off",
  "status-updates:post": "post status updates",
  "tests:run": "run test alerts",
  "checks:refresh": "run checks now (refresh)",
  "certificates:renew": "renew certificates",
  "messages:manage": "retry or delete contact messages",
  "staff:manage": "manage staff accounts",
  "subscribers:manage": "see or remove status page subscribers",
  "audit:read": "read the audit trail",
};

export function may(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The message a refused call answers with (HTTP 403). */
export function refusal(role: Role, permission: Permission): string {
  return `Your role (${role}) may not ${ACTIONS[permission]}.`;
}
