// Server-side staff sessions. The cookie holds 256 random bits; the table
// holds only their sha256. A session ends after 30 minutes without a refresh
// and, in any case, 12 hours after sign-in.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toStaffUser, type StaffUser } from "./staff.ts";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;

export type Session = { user: StaffUser; expiresAt: number };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function expiresAt(row: { created_at: number; last_seen_at: number }): number {
  return Math.min(row.last_seen_at + IDLE_TIMEOUT_MS, row.created_at + ABSOLUTE_TIMEOUT_MS);
}

export function createSessionStore(db: Kysely<Database>, now: () => number = Date.now) {
  async function load(token: string) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = await db
      .selectFrom("sessions")
      .innerJoin("staff_users", "staff_users.id", "sessions.user_id")
      .select([
        "sessions.token_hash",
        "sessions.created_at",
        "sessions.last_seen_at",
        "staff_users.id",
        "staff_users.username",
        "staff_users.role",
      ])
      .where("sessions.token_hash", "=", hashToken(token))
      // A disabled account's sessions stop working at once, even one disabled behind the app's back.
      .where("staff_users.disabled", "=", 0)
      .executeTakeFirst();
    if (!row) return undefined;
    if (now() >= expiresAt(row)) {
      await db.deleteFrom("sessions").where("token_hash", "=", row.token_hash).execute();
      return undefined;
    }
    return row;
  }

  return {
    /** A new session (a new token on every sign-in); returns the cookie's token. */
    async create(userId: number): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString("base64url");
      const time = now();
      await db
        .insertInto("sessions")
        .values({ token_hash: hashToken(token), user_id: userId, created_at: time, last_seen_at: time })
        .execute();
      return { token, expiresAt: expiresAt({ created_at: time, last_seen_at: time }) };
    },

    async validate(token: string): Promise<Session | undefined> {
      const row = await load(token);
      return row ? { user: toStaffUser(row), expiresAt: expiresAt(row) } : undefined;
    },

    /** Extends the idle timeout (never past the absolute one). */
    async refresh(token: string): Promise<Session | undefined> {
      const row = await load(token);
      if (!row) return undefined;
      const lastSeen = now();
      await db
        .updateTable("sessions")
        .set({ last_seen_at: lastSeen })
        .where("token_hash", "=", row.token_hash)
        .execute();
      return { user: toStaffUser(row), expiresAt: expiresAt({ ...row, last_seen_at: lastSeen }) };
    },

    async revoke(token: string): Promise<void> {
      await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
    },

    async revokeAll(userId: number): Promise<void> {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },

    /** Deletes sessions past either timeout. */
    async purgeExpired(): Promise<number> {
      const time = now();
      const result = await db
        .deleteFrom("sessions")
        .where((eb) =>
          eb.or([eb("last_seen_at", "<=", time - IDLE_TIMEOUT_MS), eb("created_at", "<=", time - ABSOLUTE_TIMEOUT_MS)]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
