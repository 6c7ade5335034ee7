// Staff accounts. Sign-in accepts the username or the username at the company's
// staff domain; an account's e-mail address is only ever one it was given.
import { sql, type Kysely } from "kysely";
import { isRole, ROLES, type Role } from "#shared/auth/permissions.ts";
import { staffEmailAddress, staffEmailProblem } from "#shared/auth/staff-email.ts";
import { company } from "#shared/company.ts";
import type { Database } from "#server/db/schema.ts";
import { changeKeepingAnOwner, type AccountChange } from "./last-owner.ts";
import { hashPassword, passwordProblem, verifyPassword, type HashOptions } from "./passwords.ts";
import { SentenceError } from "./sentence-error.ts";

/** `email` is null when none was given (an account made on the command line without --email). */
export type StaffUser = { id: number; username: string; email: string | null; role: Role };
/** An account as the staff page sees it: whether it can sign in, and whether single sign-on made it. */
export type StaffAccount = StaffUser & { disabled: boolean; sso: boolean };

/** Accounts after the first start with the least privilege; an owner raises them (decision 031). */
export const DEFAULT_ROLE: Role = "viewer";

export class StaffInputError extends SentenceError {}
/** A change that would leave the team without an owner who can sign in (HTTP 409; the CLI says it like bad input). */
export class StaffConflictError extends StaffInputError {}

const USERNAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** "ops" or "ops@<staff domain>" -> "ops"; anything else as typed, lower-cased. */
export function usernameFromLogin(login: string): string {
  const lower = login.trim().toLowerCase();
  const suffix = `@${company.staffEmailDomain.toLowerCase()}`;
  return lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower;
}

export function toStaffUser(row: { id: number; username: string; role: string; email?: string | null }): StaffUser {
  // A value no code writes (edited by hand in the database) holds no permission beyond reading.
  const role = isRole(row.role) ? row.role : "viewer";
  return { id: row.id, username: row.username, email: row.email ?? null, role };
}

/** Checks a username as typed and gives its stored form. */
export function checkedUsername(rawUsername: string): string {
  const username = rawUsername.trim().toLowerCase();
  if (!USERNAME.test(username)) {
    throw new StaffInputError({ key: "api.staff.usernameRule" });
  }
  return username;
}

/** Checks an address given for a new account: the invitation form's rule, and no other account's address. */
async function checkedEmail(db: Kysely<Database>, raw: string): Promise<string> {
  const parsed = staffEmailAddress.safeParse(raw.trim());
  if (!parsed.success) throw new StaffInputError(staffEmailProblem(parsed.error));
  const held = await db
    .selectFrom("staff_users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", parsed.data)
    .executeTakeFirst();
  if (held) throw new StaffInputError({ key: "api.staff.emailTaken", vars: { email: parsed.data } });
  return parsed.data;
}

function checkedRole(role: string): Role {
  if (!isRole(role))
    throw new StaffInputError({ key: "api.staff.unknownRole", vars: { role, roles: ROLES.join(", ") } });
  return role;
}

const ACCOUNT_COLUMNS = ["id", "username", "role", "email", "disabled", "oidc_subject"] as const;

const accountOf = (row: {
  id: number;
  username: string;
  role: string;
  email: string | null;
  disabled: number;
  oidc_subject: string | null;
}): StaffAccount => ({ ...toStaffUser(row), disabled: row.disabled === 1, sso: row.oidc_subject !== null });

/** Finding accounts, by the name typed at sign-in or by id. */
function accountLookups(db: Kysely<Database>) {
  return {
    async find(login: string): Promise<StaffAccount | undefined> {
      const row = await db
        .selectFrom("staff_users")
        .select(ACCOUNT_COLUMNS)
        .where("username", "=", usernameFromLogin(login))
        .executeTakeFirst();
      return row ? accountOf(row) : undefined;
    },

    async findById(id: number): Promise<StaffAccount | undefined> {
      const row = await db.selectFrom("staff_users").select(ACCOUNT_COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? accountOf(row) : undefined;
    },
  };
}

/** An owner's changes to an account: role, disabled or not. None may leave the team without an enabled owner. */
function accountChanges(db: Kysely<Database>, now: () => number) {
  const { find } = accountLookups(db);

  async function existing(username: string): Promise<StaffAccount> {
    const user = await find(username);
    if (!user) throw new StaffInputError({ key: "api.staff.noAccount", vars: { username } });
    return user;
  }

  /** Writes the change (or the removal) through the last-owner rule, whose refusal is a conflict. */
  async function change(user: StaffUser, fields: Omit<AccountChange, "updated_at"> | "remove"): Promise<void> {
    const write = fields === "remove" ? fields : { ...fields, updated_at: now() };
    const outcome = await changeKeepingAnOwner(db, user.id, write);
    if (outcome === "no-account")
      throw new StaffInputError({ key: "api.staff.noAccount", vars: { username: user.username } });
    if (outcome === "last-owner")
      throw new StaffConflictError({ key: "api.staff.lastOwner", vars: { username: user.username } });
  }

  // Sessions are deleted in a statement of their own, after the account's: one of a disabled account is refused at
  // every request anyway (sessions.ts), and one left by a failure in between is gone when the account is enabled.
  const endSessions = (user: StaffUser) => db.deleteFrom("sessions").where("user_id", "=", user.id).execute();

  return {
    /** Deletes the account (its sessions and factors go with it); false when there is none. Never the last owner. */
    async remove(username: string): Promise<boolean> {
      const user = await find(username);
      if (!user) return false;
      await change(user, "remove");
      return true;
    },

    /** Changes an account's role; its sessions carry the new one from their next request. */
    async setRole(username: string, role: string): Promise<StaffUser> {
      const checked = checkedRole(role);
      const user = await existing(username);
      await change(user, { role: checked });
      return { ...user, role: checked };
    },

    /** Keeps the account but ends its sessions and refuses its sign-ins. */
    async disable(username: string): Promise<StaffUser> {
      const user = await existing(username);
      await change(user, { disabled: 1 });
      await endSessions(user);
      return user;
    },

    async enable(username: string): Promise<StaffUser> {
      const user = await existing(username);
      if (user.disabled) await endSessions(user);
      await change(user, { disabled: 0 });
      return user;
    },
  };
}

export function createStaffStore(db: Kysely<Database>, hashOptions: HashOptions, now: () => number = Date.now) {
  async function checkedHash(username: string, password: string) {
    const problem = await passwordProblem(password, username);
    if (problem) throw new StaffInputError(problem);
    return hashPassword(password, hashOptions);
  }

  return {
    ...accountLookups(db),
    ...accountChanges(db, now),
    /** The first account ever is an owner whatever is asked: someone must be able to manage the rest. */
    async create(
      rawUsername: string,
      password: string,
      requested: string = DEFAULT_ROLE,
      options: { email?: string } = {},
    ): Promise<StaffUser> {
      const asked = checkedRole(requested);
      const username = checkedUsername(rawUsername);
      if (await this.find(username)) throw new StaffInputError({ key: "api.staff.usernameTaken", vars: { username } });
      // No address is made up: an account without one has none (decision 042).
      const email = options.email === undefined ? null : await checkedEmail(db, options.email);
      const passwordHash = await checkedHash(username, password);
      const role = (await this.count()) === 0 ? "owner" : asked;
      const time = now();
      const row = await db
        .insertInto("staff_users")
        .values({
          username,
          password_hash: passwordHash,
          role,
          email,
          created_at: time,
          updated_at: time,
        })
        .returning(["id", "username", "role", "email"])
        .executeTakeFirstOrThrow();
      return toStaffUser(row);
    },

    /** Checks the current password, then sets a new one; other sessions are ended by the caller. */
    async changePassword(userId: number, current: string, next: string): Promise<"changed" | "wrong-password"> {
      const row = await db
        .selectFrom("staff_users")
        .select(["username", "password_hash"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!row || !(await verifyPassword(row.password_hash, current))) return "wrong-password";
      const passwordHash = await checkedHash(row.username, next);
      await db
        .updateTable("staff_users")
        .set({ password_hash: passwordHash, updated_at: now() })
        .where("id", "=", userId)
        .execute();
      return "changed";
    },

    /** Sets a new password and signs the account out everywhere. */
    async resetPassword(username: string, password: string): Promise<StaffUser> {
      const user = await this.find(username);
      if (!user) throw new StaffInputError({ key: "api.staff.noAccount", vars: { username } });
      const passwordHash = await checkedHash(user.username, password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("staff_users")
          .set({ password_hash: passwordHash, updated_at: now() })
          .where("id", "=", user.id)
          .execute();
        await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      });
      return user;
    },

    async findWithHash(login: string) {
      return db
        .selectFrom("staff_users")
        .select(["id", "username", "role", "email", "disabled", "password_hash"])
        .where("username", "=", usernameFromLogin(login))
        .executeTakeFirst();
    },

    async list(): Promise<(StaffUser & { createdAt: number; disabled: boolean; sso: boolean })[]> {
      const rows = await db
        .selectFrom("staff_users")
        .select(["id", "username", "role", "email", "disabled", "oidc_subject", "created_at"])
        .orderBy("username")
        .execute();
      return rows.map((row) => ({
        ...toStaffUser(row),
        createdAt: Number(row.created_at),
        disabled: row.disabled === 1,
        sso: row.oidc_subject !== null,
      }));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("staff_users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
