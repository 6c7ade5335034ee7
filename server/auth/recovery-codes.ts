// Ten one-time recovery codes per person, for a lost phone or passkey. Only
// their sha256 is stored: a code is 50 random bits, too many to guess within
// the sign-in throttle, so a slow hash would add nothing. Each works once.
import { createHash, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: a code copied from paper should not be misread.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function randomCode(): string {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${part()}-${part()}`;
}

/** A code as typed (any case, spaces or dashes anywhere) in the form it was hashed in. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
}

function hashCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

export function createRecoveryCodes(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    /** New codes for the person, replacing any left; returns them, the one time they are shown. */
    async replace(userId: number): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
      const time = now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
        await trx
          .insertInto("recovery_codes")
          .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code), created_at: time })))
          .execute();
      });
      return codes;
    },

    /**
     * Uses a code: "used" once per code, in one statement, so two requests with it cannot both pass; a code of
     * the person's that was used before is "spent" (worth telling them: they hold it, so it tells a thief nothing).
     */
    async use(userId: number, code: string): Promise<"used" | "spent" | "unknown"> {
      if (!looksLikeRecoveryCode(code)) return "unknown";
      const result = await db
        .updateTable("recovery_codes")
        .set({ used_at: now() })
        .where("user_id", "=", userId)
        .where("code_hash", "=", hashCode(code))
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "used";
      const spent = await db
        .selectFrom("recovery_codes")
        .select("id")
        .where("user_id", "=", userId)
        .where("code_hash", "=", hashCode(code))
        .executeTakeFirst();
      return spent ? "spent" : "unknown";
    },

    async remaining(userId: number): Promise<number> {
      const row = await db
        .selectFrom("recovery_codes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async removeAll(userId: number): Promise<void> {
      await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    },
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
