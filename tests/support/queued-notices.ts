// For tests: the alert notices queued in the outbox, as their titles (an
// e-mail's subject, a webhook's title), oldest first.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export async function queuedTitles(
  db: Kysely<Database>,
  options: { channel?: string; kind?: "alert" | "test"; match?: RegExp } = {},
): Promise<string[]> {
  let query = db
    .selectFrom("outbox")
    .select(["payload", "channel"])
    .where("kind", "=", options.kind ?? "alert")
    .orderBy("id");
  query = query.where("channel", "=", `alert:${options.channel ?? "email"}`);
  const rows = await query.execute();
  const titles = rows.map((row) => {
    const payload = JSON.parse(row.payload) as { subject?: string; title?: string };
    return payload.subject ?? payload.title ?? "";
  });
  return options.match ? titles.filter((title) => options.match!.test(title)) : titles;
}
