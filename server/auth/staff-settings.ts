// Settings of the staff area an owner changes at run time (not configuration:
// they belong to the team, not the deployment). One today: whether everyone
// must have a second factor.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

const REQUIRE_SECOND_FACTOR = "require-second-factor";

export function createStaffSettings(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async requireSecondFactor(): Promise<boolean> {
      const row = await db
        .selectFrom("staff_settings")
        .select("value")
        .where("key", "=", REQUIRE_SECOND_FACTOR)
        .executeTakeFirst();
      return row?.value === "true";
    },

    async setRequireSecondFactor(required: boolean): Promise<void> {
      const value = String(required);
      await db
        .insertInto("staff_settings")
        .values({ key: REQUIRE_SECOND_FACTOR, value, updated_at: now() })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now() }))
        .execute();
    },
  };
}

export type StaffSettings = ReturnType<typeof createStaffSettings>;
