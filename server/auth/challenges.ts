// One-time challenges of a sign-in or an enrolment in progress: the step after
// the password, a passkey ceremony's challenge, an authenticator app being set
// up. The browser holds a random token (in a cookie or a request body); the
// table holds its sha256 and what the next step needs. Taking one deletes it,
// so each is used at most once, whichever worker answers.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { hashToken } from "./sessions.ts";

export type ChallengeKind = "second-factor" | "totp-setup" | "passkey-register" | "passkey-sign-in" | "oidc";

export type Challenge = { userId: number | null; value: Record<string, unknown> };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createChallenges(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async issue(kind: ChallengeKind, userId: number | null, value: Record<string, unknown>, ttlMs: number) {
      const token = randomBytes(32).toString("base64url");
      await db
        .insertInto("auth_challenges")
        .values({
          token_hash: hashToken(token),
          kind,
          user_id: userId,
          value: JSON.stringify(value),
          expires_at: now() + ttlMs,
        })
        .execute();
      return token;
    },

    /** The challenge, unless it is unknown, of another kind or expired; never consumed. */
    async peek(kind: ChallengeKind, token: string | undefined): Promise<Challenge | undefined> {
      if (!token || !TOKEN.test(token)) return undefined;
      const row = await db
        .selectFrom("auth_challenges")
        .select(["user_id", "value", "expires_at"])
        .where("token_hash", "=", hashToken(token))
        .where("kind", "=", kind)
        .executeTakeFirst();
      if (!row || Number(row.expires_at) <= now()) return undefined;
      return { userId: row.user_id, value: JSON.parse(row.value) as Record<string, unknown> };
    },

    /** Takes the challenge: answered once, by whichever request deletes it first. */
    async take(kind: ChallengeKind, token: string | undefined): Promise<Challenge | undefined> {
      if (!token || !TOKEN.test(token)) return undefined;
      const row = await db
        .deleteFrom("auth_challenges")
        .where("token_hash", "=", hashToken(token))
        .where("kind", "=", kind)
        .returning(["user_id", "value", "expires_at"])
        .executeTakeFirst();
      if (!row || Number(row.expires_at) <= now()) return undefined;
      return { userId: row.user_id, value: JSON.parse(row.value) as Record<string, unknown> };
    },

    async purgeExpired(): Promise<number> {
      const result = await db.deleteFrom("auth_challenges").where("expires_at", "<=", now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
