// Applies pending migrations, each in its own transaction, under a lock so
// that two instances starting at once apply each migration exactly once.
import { sql, type Kysely, type Transaction } from "kysely";
import type { DatabaseHandle, Dialect } from "./client.ts";
import * as m001 from "./migrations/001-staff-and-sessions.ts";
import * as m002 from "./migrations/002-contact-and-outbox.ts";
import * as m003 from "./migrations/003-monitoring.ts";
import * as m004 from "./migrations/004-integrations.ts";
import * as m005 from "./migrations/005-incidents-and-channels.ts";
import * as m006 from "./migrations/006-sign-in-and-quarantine.ts";
import * as m007 from "./migrations/007-push-monitors.ts";
import * as m008 from "./migrations/008-status-updates.ts";
import * as m009 from "./migrations/009-dependencies-and-announcements.ts";
import * as m010 from "./migrations/010-clean-public-text.ts";
import type { Database } from "./schema.ts";

export type Migration = { name: string; up: (db: Kysely<Database>, dialect: Dialect) => Promise<void> };

export const MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010];

/** An arbitrary constant: the PostgreSQL advisory lock all instances agree on. */
const PG_MIGRATION_LOCK = 726_351_904;

/**
 * Runs work in a transaction that holds the migration lock: PostgreSQL's
 * transaction-scoped advisory lock, or SQLite's write lock (BEGIN IMMEDIATE).
 */
async function withLock(handle: DatabaseHandle, work: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  if (handle.dialect === "postgres") {
    await handle.db.transaction().execute(async (trx: Transaction<Database>) => {
      await sql`select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(trx);
      await work(trx);
    });
    return;
  }
  await handle.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await work(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/** Applies what is pending and returns the names it applied. */
export async function migrate(
  handle: DatabaseHandle,
  migrations: readonly Migration[] = MIGRATIONS,
  now = Date.now,
): Promise<string[]> {
  await withLock(handle, async (db) => {
    await db.schema
      .createTable("schema_migrations")
      .ifNotExists()
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("applied_at", "bigint", (c) => c.notNull())
      .execute();
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    await withLock(handle, async (db) => {
      const done = await db
        .selectFrom("schema_migrations")
        .select("name")
        .where("name", "=", migration.name)
        .executeTakeFirst();
      if (done) return;
      await migration.up(db, handle.dialect);
      await db.insertInto("schema_migrations").values({ name: migration.name, applied_at: now() }).execute();
      applied.push(migration.name);
    });
  }
  return applied;
}
