import type { Kysely } from "kysely";

export const name = "016-staff-language";

// The staff area speaks English and German: each account keeps its choice (null until one is made: the browser's
// then decides), and an invitation the language its mail was written in, which the account made from it starts
// with. Existing invitations were written in English.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").addColumn("language", "text").execute();
  await db.schema
    .alterTable("staff_invitations")
    .addColumn("language", "text", (column) => column.notNull().defaultTo("en"))
    .execute();
}
