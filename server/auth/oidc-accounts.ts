// Staff accounts of single sign-on. An account is found by the identity
// provider's subject, never by its name: a local account called the same is
// another person's, so it is never taken over, and the newcomer gets a
// suffixed name. The provider decides the role at every sign-in, except that
// its claim never takes the team's last enabled owner away (last-owner.ts).
import type { Kysely } from "kysely";
import type { Role } from "#shared/auth/permissions.ts";
import type { Database } from "#server/db/schema.ts";
import { changeKeepingAnOwner } from "./last-owner.ts";
import { OidcSignInError } from "./oidc.ts";
import { toStaffUser, type StaffUser } from "./staff.ts";

/** Not an argon2 hash, so no password verifies against it (verifyPassword refuses a malformed hash). */
export const SSO_ONLY_PASSWORD_HASH = "sso-only";

export type OidcIdentity = {
  subject: string;
  preferredUsername?: string | undefined;
  email?: string | undefined;
  role: Role;
};

/** The account a sign-in may go on with, and what the sign-in did to it, for the audit trail. */
export type SsoAccountResult =
  | { kind: "created"; user: StaffUser }
  | { kind: "role-changed"; user: StaffUser; previousRole: Role }
  /** The claim would have demoted or disabled the team's last enabled owner: the account stays owner. */
  | { kind: "owner-kept"; user: StaffUser; claimedRole: Role }
  | { kind: "unchanged"; user: StaffUser }
  | { kind: "disabled"; username: string };

// Leaves room for a suffix within the 64 characters a username may have (staff.ts).
const BASE_MAX = 56;
const FALLBACK_BASE = "sso-user";
const GERMAN_ASCII: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * The username an identity asks for: preferred_username (the part before "@" when it is an address, as some
 * providers send), else the e-mail's local part; lower-cased, spaces as dots, reduced to [a-z0-9._-], starting with a
 * letter or digit.
 */
export function usernameBase(identity: Pick<OidcIdentity, "preferredUsername" | "email">): string {
  const source = identity.preferredUsername || identity.email || "";
  const local = source.split("@")[0] ?? "";
  const reduced = local
    .toLowerCase()
    // German names keep their usual spelling in ASCII (Groß -> gross), other accents drop (José -> jose).
    .replace(/[äöüß]/g, (letter) => GERMAN_ASCII[letter] ?? "")
    .normalize("NFKD")
    .replace(/\s+/g, ".")
    .replace(/[^a-z0-9._-]/g, "")
    .replace(/^[._-]+/, "")
    .slice(0, BASE_MAX);
  return reduced || FALLBACK_BASE;
}

async function freeUsername(db: Kysely<Database>, base: string): Promise<string> {
  // LIKE's "_" matches any character: a few extra names in the set only skip suffixes, never reuse one.
  const rows = await db
    .selectFrom("staff_users")
    .select("username")
    .where((eb) => eb.or([eb("username", "=", base), eb("username", "like", `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.username));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

function findBySubject(db: Kysely<Database>, subject: string) {
  return db
    .selectFrom("staff_users")
    .select(["id", "username", "role", "disabled"])
    .where("oidc_subject", "=", subject)
    .executeTakeFirst();
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof findBySubject>>>;

async function createAccount(
  db: Kysely<Database>,
  identity: OidcIdentity,
  time: number,
): Promise<{ row: AccountRow; created: boolean }> {
  const username = await freeUsername(db, usernameBase(identity));
  try {
    const row = await db
      .insertInto("staff_users")
      .values({
        username,
        password_hash: SSO_ONLY_PASSWORD_HASH,
        role: identity.role,
        email: identity.email ?? null,
        oidc_subject: identity.subject,
        created_at: time,
        updated_at: time,
      })
      .returning(["id", "username", "role", "disabled"])
      .executeTakeFirstOrThrow();
    return { row, created: true };
  } catch (error) {
    // Two first sign-ins of one person at once: the other one made the account (the subject is unique).
    const made = await findBySubject(db, identity.subject);
    if (made) return { row: made, created: false };
    throw error;
  }
}

/** Sets the claim's role and address on an existing account, keeping the last enabled owner an owner. */
async function syncAccount(
  db: Kysely<Database>,
  row: AccountRow,
  identity: OidcIdentity,
  time: number,
): Promise<SsoAccountResult> {
  const email = identity.email ?? null;
  const previous = toStaffUser({ ...row, email });
  const user = { ...previous, role: identity.role };
  const setEmail = () =>
    db.updateTable("staff_users").set({ email, updated_at: time }).where("id", "=", row.id).execute();
  if (row.role === identity.role) {
    await setEmail();
    return { kind: "unchanged", user };
  }
  const outcome = await changeKeepingAnOwner(db, row.id, { role: identity.role, email, updated_at: time });
  if (outcome === "no-account") throw new OidcSignInError("account deleted during the sign-in", row.username);
  if (outcome === "changed") return { kind: "role-changed", user, previousRole: previous.role };
  await setEmail();
  return { kind: "owner-kept", user: previous, claimedRole: identity.role };
}

/** Finds or makes the account of a provider's subject and sets its role and address from this sign-in. */
export async function signInSsoAccount(
  db: Kysely<Database>,
  identity: OidcIdentity,
  now: () => number,
): Promise<SsoAccountResult> {
  const time = now();
  let row = await findBySubject(db, identity.subject);
  if (!row) {
    const made = await createAccount(db, identity, time);
    if (made.created) return { kind: "created", user: toStaffUser({ ...made.row, email: identity.email ?? null }) };
    row = made.row;
  }
  if (row.disabled === 1) return { kind: "disabled", username: row.username };
  return syncAccount(db, row, identity, time);
}
