// HTTP-01 answers kept in the database: the ACME server may reach any worker
// or instance behind the proxy, not the one that placed the order.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { ChallengeStore } from "./acme-renewal.ts";

/** An order that takes longer than this has failed anyway. */
const CHALLENGE_TTL_MS = 15 * 60_000;
/** ACME tokens are base64url (RFC 8555 §8.1); anything else is not a token. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function createChallengeStore(
  db: Kysely<Database>,
  now: () => number,
): ChallengeStore & { answer(token: string): Promise<string | undefined> } {
  return {
    async put(token, keyAuthorization) {
      const expires = now() + CHALLENGE_TTL_MS;
      await db
        .insertInto("acme_challenges")
        .values({ token, key_authorization: keyAuthorization, expires_at: expires })
        .onConflict((oc) =>
          oc.column("token").doUpdateSet({ key_authorization: keyAuthorization, expires_at: expires }),
        )
        .execute();
    },
    async remove(token) {
      await db
        .deleteFrom("acme_challenges")
        .where((eb) => eb.or([eb("token", "=", token), eb("expires_at", "<=", now())]))
        .execute();
    },
    async answer(token) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = await db
        .selectFrom("acme_challenges")
        .select("key_authorization")
        .where("token", "=", token)
        .where("expires_at", ">", now())
        .executeTakeFirst();
      return row?.key_authorization;
    },
  };
}
