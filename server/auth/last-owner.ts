// The team always keeps an enabled owner: someone must be able to manage the rest. A change that could take the
// last one away (a lower role or disabling, by an owner or by single sign-on) checks the rule in the very UPDATE that
// writes it, so no check can go stale before its write.
//
// SQLite runs each statement under its one write lock, whichever process or connection sends it: the statement
// alone is atomic there. No transaction wraps it, which would hold that lock across awaits while the other workers'
// writes wait for it with their event loops blocked (better-sqlite3 waits synchronously).
// PostgreSQL (READ COMMITTED) would let two such statements on two owners' rows each still see the other owner:
// there the enabled owners' rows are locked first, in the statement's transaction, so a second change waits for the
// first to commit and its statement then sees the first one's write.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Role } from "#shared/auth/permissions.ts";
import { dialectOf } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";

/** What may be written through the rule: a role, the disabled flag, and the address single sign-on sends along. */
export type AccountChange = { role?: Role; disabled?: 0 | 1; email?: string | null; updated_at: number };

export type ChangeOutcome = "changed" | "last-owner" | "no-account";

/** True on the row of an enabled owner beside whom the team has no other enabled owner. */
function isLastEnabledOwner(eb: ExpressionBuilder<Database, "staff_users">) {
  return eb.and([
    eb("staff_users.role", "=", "owner"),
    eb("staff_users.disabled", "=", 0),
    eb.not(
      eb.exists(
        eb
          .selectFrom("staff_users as peer")
          .select("peer.id")
          .where("peer.role", "=", "owner")
          .where("peer.disabled", "=", 0)
          .whereRef("peer.id", "!=", "staff_users.id"),
      ),
    ),
  ]);
}

const takesAnOwnerAway = (change: AccountChange) =>
  (change.role !== undefined && change.role !== "owner") || change.disabled === 1;

/** A change (AccountChange) or the account's removal, each under the rule. */
type Write = AccountChange | "remove";

async function write(db: Kysely<Database>, id: number, change: Write): Promise<ChangeOutcome> {
  let affected: bigint;
  if (change === "remove") {
    const removal = db
      .deleteFrom("staff_users")
      .where("id", "=", id)
      .where((eb) => eb.not(isLastEnabledOwner(eb)));
    affected = (await removal.executeTakeFirst()).numDeletedRows;
  } else {
    let update = db.updateTable("staff_users").set(change).where("id", "=", id);
    if (takesAnOwnerAway(change)) update = update.where((eb) => eb.not(isLastEnabledOwner(eb)));
    affected = (await update.executeTakeFirst()).numUpdatedRows;
  }
  if (Number(affected) > 0) return "changed";
  const found = await db.selectFrom("staff_users").select("id").where("id", "=", id).executeTakeFirst();
  return found ? "last-owner" : "no-account";
}

/**
 * Writes the change to the account (or removes it) unless that would leave the team without an enabled owner.
 * Changes that add an owner (a role of owner, enabling) take the same lock, so that on PostgreSQL every change to the
 * set of owners waits its turn behind the others.
 */
export async function changeKeepingAnOwner(db: Kysely<Database>, id: number, change: Write): Promise<ChangeOutcome> {
  if (dialectOf(db) === "sqlite") return write(db, id, change);
  return db.transaction().execute(async (trx) => {
    // Locked in one order (by id), so that two changes never each hold a row the other waits for.
    await trx
      .selectFrom("staff_users")
      .select("id")
      .where("role", "=", "owner")
      .where("disabled", "=", 0)
      .orderBy("id")
      .forUpdate()
      .execute();
    return write(trx, id, change);
  });
}
