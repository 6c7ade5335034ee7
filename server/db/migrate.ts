// Applies pending migrations with Kysely's Migrator, all of one run in one
// transaction that holds a lock, so that two instances starting at once apply
// each migration exactly once and a failing migration leaves the database as
// it was: at the version before the upgrade, which that version can still run
// (its Migrator refuses a database holding a migration it does not know, so
// keeping the migrations before the failing one would lock it out; decision
// 055). Kysely locks PostgreSQL by itself but not SQLite (it assumes one
// process per file, while our workers share it), and it runs SQLite's DDL
// outside a transaction: the lock and the transaction are ours, for both.
import { Migrator, sql, type Kysely, type MigrationProvider } from "kysely";
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
import * as m011 from "./migrations/011-staff-roles.ts";
import * as m012 from "./migrations/012-audit-trail.ts";
import * as m013 from "./migrations/013-second-factors.ts";
import * as m014 from "./migrations/014-status-subscriptions.ts";
import * as m015 from "./migrations/015-invitations-held-once.ts";
import * as m016 from "./migrations/016-staff-language.ts";
import * as m017 from "./migrations/017-probe-locations.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
type AnyDb = Kysely<any>;

/** Names sort in the order they apply (Kysely's Migrator sorts them): NNN-what-it-does. */
export type Migration = { name: string; up: (db: AnyDb, dialect: Dialect) => Promise<void> };

export const MIGRATIONS: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
];

/**
 * An arbitrary constant: the PostgreSQL advisory lock all instances agree on. The Migrator reads only the catalogue of
 * the connection's schema (current-schema-introspector.ts), so schemas dropped meanwhile do not disturb it; the tests
 * drop theirs under this lock all the same.
 */
export const PG_MIGRATION_LOCK = 726_351_904;

/** Where Kysely's Migrator records what it applied (its default name and shape). */
const KYSELY_TABLE = "kysely_migration";
/** Where this project recorded applied migrations before it used Kysely's Migrator. */
const LEGACY_TABLE = "schema_migrations";

/**
 * Runs work on one connection inside a transaction that holds the migration
 * lock: PostgreSQL's transaction-scoped advisory lock, or SQLite's write lock
 * (BEGIN IMMEDIATE), which other processes on the same file wait for.
 */
async function withLock<T>(handle: DatabaseHandle, work: (db: AnyDb) => Promise<T>): Promise<T> {
  return handle.db.connection().execute(async (connection) => {
    await sql.raw(handle.dialect === "postgres" ? "begin" : "begin immediate").execute(connection);
    try {
      if (handle.dialect === "postgres")
        await sql`select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(connection);
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * Which of these tables exist in the connection's schema (PostgreSQL) or file (SQLite, no schema): one query on the
 * catalogue, not an introspection of every schema's columns, which another process's schema change can race.
 */
async function existingTables(db: AnyDb, schema: string | undefined, names: string[]): Promise<Set<string>> {
  const listed = sql.join(names.map((name) => sql`${name}`));
  const { rows } =
    schema === undefined
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name in (${listed})`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${schema} and table_name in (${listed})`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * Databases made before the Migrator kept their record in schema_migrations
 * (name, applied_at in epoch ms): it moves into Kysely's table, once, so that
 * nothing applied is applied again. Kept while databases of that age may exist.
 */
async function adoptLegacyRecord(db: AnyDb, schema: string | undefined): Promise<void> {
  const tables = await existingTables(db, schema, [LEGACY_TABLE, KYSELY_TABLE]);
  const exists = (name: string) => tables.has(name);
  if (!exists(LEGACY_TABLE)) return;
  const applied = (await db.selectFrom(LEGACY_TABLE).select(["name", "applied_at"]).orderBy("name").execute()) as {
    name: string;
    applied_at: number | string;
  }[];
  if (!exists(KYSELY_TABLE)) {
    await db.schema
      .createTable(KYSELY_TABLE)
      .addColumn("name", "varchar(255)", (column) => column.notNull().primaryKey())
      .addColumn("timestamp", "varchar(255)", (column) => column.notNull())
      .execute();
  }
  // The Migrator orders what was applied by time, then name, and refuses an order that differs from the names':
  // the times never go back, whatever the clocks of the instances that applied them said.
  let latest = 0;
  for (const { name, applied_at } of applied) {
    latest = Math.max(latest, Number(applied_at));
    await db
      .insertInto(KYSELY_TABLE)
      .values({ name, timestamp: new Date(latest).toISOString() })
      .execute();
  }
  await db.schema.dropTable(LEGACY_TABLE).execute();
}

/** A migration threw: the whole run was rolled back, and the message names the migration and its cause. */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${migration} failed: ${reason}; the database is as it was before this start`, { cause });
    this.name = "MigrationFailed";
  }
}

/** Applies what is pending and returns the names it applied. */
export async function migrate(
  handle: DatabaseHandle,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        migrations.map((migration) => [
          migration.name,
          { up: (db: AnyDb) => inSavepoint(db, migration, handle.dialect) },
        ]),
      ),
  };
  return migrateOnce(handle, provider);
}

/**
 * Runs one migration inside a savepoint of the run's transaction. A statement that fails aborts a PostgreSQL
 * transaction, and Kysely's Migrator then releases its lock in it: that query failed too, and its error ("current
 * transaction is aborted") took the place of the migration's. Rolled back to its savepoint, the migration leaves the
 * transaction usable, its own error is the one told, and the run's rollback undoes the rest.
 */
async function inSavepoint(db: AnyDb, migration: Migration, dialect: Dialect): Promise<void> {
  await sql`savepoint migration`.execute(db);
  try {
    await migration.up(db, dialect);
  } catch (error) {
    await sql`rollback to savepoint migration`.execute(db);
    throw error;
  }
  await sql`release savepoint migration`.execute(db);
}

async function migrateOnce(handle: DatabaseHandle, provider: MigrationProvider): Promise<string[]> {
  return withLock(handle, async (db) => {
    // Kysely finds its table in any schema of the database unless told which: the one this connection works in.
    const schema =
      handle.dialect === "postgres"
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
        : undefined;
    await adoptLegacyRecord(db, schema);
    const migrator = new Migrator({ db, provider, migrationTableSchema: schema, disableTransactions: true });
    const { error, results = [] } = await migrator.migrateToLatest();
    const failed = results.find((result) => result.status === "Error");
    if (error) throw failed ? new MigrationFailed(failed.migrationName, error) : error;
    return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
  });
}
