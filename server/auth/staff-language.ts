// Saving a staff member's choice of the staff area's language: their pages, the API's sentences to them and the
// mails they get follow it from their next request.
import type { Kysely } from "kysely";
import type { Language } from "#shared/i18n/languages.ts";
import type { Database } from "#server/db/schema.ts";

/** Stores the account's language; returns the one it had (null: none), or undefined when there is no such account. */
export async function saveStaffLanguage(
  db: Kysely<Database>,
  userId: number,
  language: Language,
  now: () => number = Date.now,
): Promise<string | null | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("staff_users").select("language").where("id", "=", userId).executeTakeFirst();
    if (!before) return undefined;
    await trx.updateTable("staff_users").set({ language, updated_at: now() }).where("id", "=", userId).execute();
    return before.language;
  });
}
