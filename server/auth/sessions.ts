// Server-side staff sessions. The cookie holds 256 random bits; the table
// holds only their sha256. A session ends after 30 minutes without a refresh
// and, in any case, 12 hours after sign-in.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import type { Database } from "#server/db/schema.ts";
import { toStaffUser, type StaffUser } from "./staff.ts";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;

/** Changes to factors, roles and staff need a sign-in (or a confirmation) at most this long ago. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export type Session = {
  user: StaffUser;
  expiresAt: number;
  /** When the person last proved who they are (sign-in or confirmation). */
  verifiedAt: number;
  /** The team requires a second factor this person has not added yet: only their account page is open. */
  mustEnrol: boolean;
  /** The staff area's language the person chose; null until they choose (their browser's then applies). */
  language: Language | null;
};

export type SessionMeta = { userAgent?: string | undefined; source?: string | null | undefined };

export type SessionSummary = {
  /** A public handle: a prefix of the token's hash, never the token. */
  id: string;
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function expiresAt(row: { created_at: number; last_seen_at: number }): number {
  return Math.min(Number(row.last_seen_at) + IDLE_TIMEOUT_MS, Number(row.created_at) + ABSOLUTE_TIMEOUT_MS);
}

/** What the account page shows of a person's sessions, and ending all but the current one. */
function personalSessions(db: Kysely<Database>, now: () => number) {
  return {
    /** The person's sessions still running, newest first. */
    async list(userId: number, currentToken: string | undefined): Promise<SessionSummary[]> {
      const current = currentToken ? hashToken(currentToken) : "";
      const time = now();
      const rows = await db
        .selectFrom("sessions")
        .select(["token_hash", "created_at", "last_seen_at", "user_agent"])
        .where("user_id", "=", userId)
        .orderBy("last_seen_at", "desc")
        .execute();
      return rows
        .filter(
          (row) => expiresAt({ created_at: Number(row.created_at), last_seen_at: Number(row.last_seen_at) }) > time,
        )
        .map((row) => ({
          id: row.token_hash.slice(0, 16),
          current: row.token_hash === current,
          createdAt: Number(row.created_at),
          lastSeenAt: Number(row.last_seen_at),
          userAgent: row.user_agent,
        }));
    },

    /** Ends every session of the person but this one; returns how many. */
    async endOthers(userId: number, currentToken: string): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where("user_id", "=", userId)
        .where("token_hash", "!=", hashToken(currentToken))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export function createSessionStore(db: Kysely<Database>, now: () => number = Date.now) {
  async function load(token: string) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = await db
      .selectFrom("sessions")
      .innerJoin("staff_users", "staff_users.id", "sessions.user_id")
      .select((eb) => [
        "sessions.token_hash",
        "sessions.created_at",
        "sessions.last_seen_at",
        "sessions.verified_at",
        "staff_users.id",
        "staff_users.username",
        "staff_users.role",
        "staff_users.email",
        "staff_users.oidc_subject",
        "staff_users.language",
        eb
          .selectFrom("staff_factors")
          .select((f) => f.fn.countAll<number>().as("n"))
          .whereRef("staff_factors.user_id", "=", "staff_users.id")
          .as("factors"),
        eb
          .selectFrom("staff_settings")
          .select("value")
          .where("key", "=", "require-second-factor")
          .as("require_second_factor"),
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

  function sessionOf(row: NonNullable<Awaited<ReturnType<typeof load>>>, lastSeen = Number(row.last_seen_at)): Session {
    // Single sign-on accounts prove a second factor at their identity provider, which decides whether to ask.
    const mustEnrol = row.require_second_factor === "true" && Number(row.factors ?? 0) === 0 && !row.oidc_subject;
    return {
      user: toStaffUser(row),
      expiresAt: expiresAt({ created_at: Number(row.created_at), last_seen_at: lastSeen }),
      verifiedAt: Number(row.verified_at) || Number(row.created_at),
      mustEnrol,
      language: isLanguage(row.language) ? row.language : null,
    };
  }

  return {
    ...personalSessions(db, now),
    /** A new session (a new token on every sign-in); returns the cookie's token. */
    async create(userId: number, meta: SessionMeta = {}): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString("base64url");
      const time = now();
      await db
        .insertInto("sessions")
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: time,
          last_seen_at: time,
          verified_at: time,
          user_agent: meta.userAgent?.slice(0, 200) ?? null,
          source: meta.source ?? null,
        })
        .execute();
      return { token, expiresAt: expiresAt({ created_at: time, last_seen_at: time }) };
    },

    async validate(token: string): Promise<Session | undefined> {
      const row = await load(token);
      return row ? sessionOf(row) : undefined;
    },

    /** The person proved who they are again: changes that need a recent sign-in are open for a while. */
    async markVerified(token: string): Promise<number> {
      const time = now();
      await db.updateTable("sessions").set({ verified_at: time }).where("token_hash", "=", hashToken(token)).execute();
      return time;
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
      return sessionOf(row, lastSeen);
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
