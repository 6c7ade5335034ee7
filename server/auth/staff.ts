// Staff accounts. A username becomes an e-mail by appending the company's
// staff domain; sign-in accepts either form.
import type { Kysely } from "kysely";
import { isRole, ROLES, type Role } from "#shared/auth/permissions.ts";
import { company } from "#shared/company.ts";
import type { Database } from "#server/db/schema.ts";
import { hashPassword, passwordProblem, type HashOptions } from "./passwords.ts";

export type StaffUser = { id: number; username: string; email: string; role: Role };

/** Accounts after the first start with the least privilege; an owner raises them (decision 031). */
export const DEFAULT_ROLE: Role = "viewer";

export class StaffInputError extends Error {}

const USERNAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function staffEmail(username: string): string {
  return `${username}@${company.staffEmailDomain}`;
}

/** "ops" or "ops@<staff domain>" -> "ops"; anything else as typed, lower-cased. */
export function usernameFromLogin(login: string): string {
  const lower = login.trim().toLowerCase();
  const suffix = `@${company.staffEmailDomain.toLowerCase()}`;
  return lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower;
}

export function toStaffUser(row: { id: number; username: string; role: string }): StaffUser {
  // A value no code writes (edited by hand in the database) holds no permission beyond reading.
  const role = isRole(row.role) ? row.role : "viewer";
  return { id: row.id, username: row.username, email: staffEmail(row.username), role };
}

function checkedRole(role: string): Role {
  if (!isRole(role)) throw new StaffInputError(`Unknown role "${role}": use one of ${ROLES.join(", ")}`);
  return role;
}

export function createStaffStore(db: Kysely<Database>, hashOptions: HashOptions, now: () => number = Date.now) {
  async function checkedHash(username: string, password: string) {
    const problem = await passwordProblem(password, username);
    if (problem) throw new StaffInputError(problem);
    return hashPassword(password, hashOptions);
  }

  return {
    /** The first account ever is an owner whatever is asked: someone must be able to manage the rest. */
    async create(rawUsername: string, password: string, requested: string = DEFAULT_ROLE): Promise<StaffUser> {
      const asked = checkedRole(requested);
      const username = rawUsername.trim().toLowerCase();
      if (!USERNAME.test(username)) {
        throw new StaffInputError(
          "Username must be 1 to 64 characters: letters, digits, dot, " +
            "dash or underscore, starting with a letter or digit",
        );
      }
      if (await this.find(username)) throw new StaffInputError(`Account "${username}" already exists`);
      const passwordHash = await checkedHash(username, password);
      const role = (await this.count()) === 0 ? "owner" : asked;
      const time = now();
      const row = await db
        .insertInto("staff_users")
        .values({ username, password_hash: passwordHash, role, created_at: time, updated_at: time })
        .returning(["id", "username", "role"])
        .executeTakeFirstOrThrow();
      return toStaffUser(row);
    },

    /** Sets a new password and signs the account out everywhere. */
    async resetPassword(username: string, password: string): Promise<StaffUser> {
      const user = await this.find(username);
      if (!user) throw new StaffInputError(`No account "${username}"`);
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

    /** Changes an account's role; its sessions carry the new one from their next request. */
    async setRole(username: string, role: string): Promise<StaffUser> {
      const checked = checkedRole(role);
      const user = await this.find(username);
      if (!user) throw new StaffInputError(`No account "${username}"`);
      await db.updateTable("staff_users").set({ role: checked, updated_at: now() }).where("id", "=", user.id).execute();
      return { ...user, role: checked };
    },

    /** Keeps the account but ends its sessions and refuses its sign-ins. */
    async disable(username: string): Promise<StaffUser> {
      const user = await this.find(username);
      if (!user) throw new StaffInputError(`No account "${username}"`);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("staff_users")
          .set({ disabled: 1, updated_at: now() })
          .where("id", "=", user.id)
          .execute();
        await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      });
      return user;
    },

    async enable(username: string): Promise<StaffUser> {
      const user = await this.find(username);
      if (!user) throw new StaffInputError(`No account "${username}"`);
      await db.updateTable("staff_users").set({ disabled: 0, updated_at: now() }).where("id", "=", user.id).execute();
      return user;
    },

    async find(login: string): Promise<StaffUser | undefined> {
      const row = await db
        .selectFrom("staff_users")
        .select(["id", "username", "role"])
        .where("username", "=", usernameFromLogin(login))
        .executeTakeFirst();
      return row ? toStaffUser(row) : undefined;
    },

    async findWithHash(login: string) {
      return db
        .selectFrom("staff_users")
        .select(["id", "username", "role", "disabled", "password_hash"])
        .where("username", "=", usernameFromLogin(login))
        .executeTakeFirst();
    },

    async list(): Promise<(StaffUser & { createdAt: number; disabled: boolean })[]> {
      const rows = await db
        .selectFrom("staff_users")
        .select(["id", "username", "role", "disabled", "created_at"])
        .orderBy("username")
        .execute();
      return rows.map((row) => ({ ...toStaffUser(row), createdAt: row.created_at, disabled: row.disabled === 1 }));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("staff_users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async remove(username: string): Promise<boolean> {
      const result = await db
        .deleteFrom("staff_users")
        .where("username", "=", usernameFromLogin(username))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
