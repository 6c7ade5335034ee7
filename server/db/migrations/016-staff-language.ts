import type { Kysely } from "kysely";

export const name = "016-staff-language";

// The staff area speaks English and German: each account keeps its choice, and an invitation the language its
// mail was written in, which the account made from it starts with. Existing rows were English until now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_users")
    .addColumn("language", "text", (column) => column.notNull().defaultTo("en"))
    .execute();
  await db.schema
    .alterTable("staff_invitations")
    .addColumn("language", "text", (column) => column.notNull().defaultTo("en"))
    .execute();
}
