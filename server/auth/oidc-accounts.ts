// Staff accounts of single sign-on. An account is found by the identity
// provider's subject, never by its name: a local account called the same is
// another person's, so it is never taken over, and the newcomer gets a
// suffixed name. The provider decides the role at every sign-in.
import type { Kysely } from "kysely";
import type { Role } from "#shared/auth/permissions.ts";
import type { Database } from "#server/db/schema.ts";
import { toStaffUser, type StaffUser } from "./staff.ts";

/** Not an argon2 hash, so no password verifies against it (verifyPassword refuses a malformed hash). */
export const SSO_ONLY_PASSWORD_HASH = "sso-only";

export type OidcIdentity = {
  subject: string;
  preferredUsername?: string | undefined;
  email?: string | undefined;
  role: Role;
};

export type SsoAccountResult = { kind: "signed-in"; user: StaffUser } | { kind: "disabled"; username: string };

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

async function createAccount(db: Kysely<Database>, identity: OidcIdentity, time: number) {
  const username = await freeUsername(db, usernameBase(identity));
  try {
    return await db
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
  } catch (error) {
    // Two first sign-ins of one person at once: the other one made the account (the subject is unique).
    const made = await findBySubject(db, identity.subject);
    if (made) return made;
    throw error;
  }
}

/** Finds or makes the account of a provider's subject and sets its role and address from this sign-in. */
export async function signInSsoAccount(
  db: Kysely<Database>,
  identity: OidcIdentity,
  now: () => number,
): Promise<SsoAccountResult> {
  const time = now();
  const existing = await findBySubject(db, identity.subject);
  const row = existing ?? (await createAccount(db, identity, time));
  if (row.disabled === 1) return { kind: "disabled", username: row.username };
  if (existing) {
    await db
      .updateTable("staff_users")
      .set({ role: identity.role, email: identity.email ?? null, updated_at: time })
      .where("id", "=", row.id)
      .execute();
  }
  return { kind: "signed-in", user: toStaffUser({ ...row, role: identity.role }) };
}
