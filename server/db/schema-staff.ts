// The staff's tables as Kysely sees them: accounts, sessions, second factors, invitations, the sign-in's
// challenges and throttle, and the server's own secrets. Part of the Database in schema.ts.
import type { Generated } from "kysely";

export interface StaffUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** A Role of shared/auth/permissions.ts. */
  role: Generated<string>;
  /** 1: cannot sign in, and its sessions stop working. */
  disabled: Generated<number>;
  /** The address an invitation went to; null: the username at the staff domain. */
  email: string | null;
  /** The identity provider's `sub` of an account made by single sign-on. */
  oidc_subject: string | null;
  /** The staff area's language the person chose (a Language of shared/i18n/languages.ts); null: none yet. */
  language: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie's token: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  /** When the person last proved who they are; 0: at created_at. */
  verified_at: Generated<number>;
  user_agent: string | null;
  /** The keyed pseudonym of the address the session was made from. */
  source: string | null;
}

export interface StaffFactorsTable {
  id: Generated<number>;
  user_id: number;
  kind: "totp" | "passkey";
  label: string;
  /** TOTP: the secret, sealed (server/auth/sealed.ts). */
  secret: string | null;
  /** TOTP: the last time step accepted, so a code is used once. */
  last_step: number | null;
  /** Passkey: base64url credential id and public key, signature counter, comma-separated transports. */
  credential_id: string | null;
  public_key: string | null;
  counter: number | null;
  transports: string | null;
  created_at: number;
  last_used_at: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the code, normalized. */
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

export interface StaffInvitationsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  role: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  /** The language of the invitation's mail, which the account made from it starts with. */
  language: Generated<string>;
}

export interface AuthChallengesTable {
  token_hash: string;
  /** "second-factor", "totp-setup", "passkey-register", "passkey-sign-in", "oidc" */
  kind: string;
  user_id: number | null;
  /** JSON of what the next step needs (a WebAuthn challenge, a pending TOTP secret, an OIDC state). */
  value: string;
  expires_at: number;
}

export interface StaffSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AuthFailuresTable {
  /** "ip:…", "account-ip:…", "account:…" or "device:…" */
  key: string;
  /** Attempts admitted in the current window. */
  count: number;
  window_start: number;
  blocked_until: Generated<number>;
  /** The delay set by the last attempt over the limit; the next one doubles it. */
  delay_ms: Generated<number>;
  /** A random id of the last attempt admitted under this key. */
  last_attempt: Generated<string>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}
