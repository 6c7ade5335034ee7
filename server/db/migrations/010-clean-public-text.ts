import type { Kysely } from "kysely";
import { withoutControlCharacters } from "#shared/control-characters.ts";

export const name = "010-clean-public-text";

const COLUMNS = ["title_en", "title_de", "message_en", "message_de"] as const;

// Staff's words for the status page were stored as given until control
// characters were refused (they made the RSS feeds malformed XML): the ones
// already stored lose them. Few rows, written by hand: read and rewritten here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom("status_updates")
    .select(["id", ...COLUMNS])
    .execute()) as ({ id: number } & Record<(typeof COLUMNS)[number], string>)[];
  for (const row of rows) {
    const cleaned = Object.fromEntries(COLUMNS.map((column) => [column, withoutControlCharacters(row[column])]));
    if (COLUMNS.some((column) => cleaned[column] !== row[column]))
      await db.updateTable("status_updates").set(cleaned).where("id", "=", row.id).execute();
  }
}
