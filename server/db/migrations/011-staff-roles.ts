import type { Kysely } from "kysely";

export const name = "011-staff-roles";

// Every account was equal before roles: each one had everything, so each becomes an owner. The column's
// default is the least privilege, so a row written without a role (by older code) can read and no more.
// `disabled` keeps an account (and, later, its audit trail) while it can no longer sign in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_users")
    .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("viewer"))
    .execute();
  await db.schema
    .alterTable("staff_users")
    .addColumn("disabled", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("staff_users").set({ role: "owner" }).execute();
}
