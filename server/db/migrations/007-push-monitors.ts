import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "007-push-monitors";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The last call of each push monitor's token (kept by its sha256, never the
  // token itself), and since when the engine has watched it: a monitor that
  // has never been called fails only once its first call is overdue.
  await db.schema
    .createTable("monitor_pushes")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("watched_since", "bigint", (c) => c.notNull())
    .addColumn("received_at", "bigint")
    .addColumn("status", "text")
    .addColumn("message", "text")
    .addColumn("ping_ms", "integer")
    .execute();
}
