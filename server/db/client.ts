// Opens the database: SQLite (a file under DATA_DIR) by default, PostgreSQL
// when DATABASE_URL is a postgres URL. One Kysely query layer for both.
import { createRequire } from "node:module";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Dialect as KyselyDialect } from "kysely";
import type pg from "pg";
import { PostgresInCurrentSchema } from "./current-schema-introspector.ts";
import { preparePrivateDataDir } from "./private-files.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";
import { createStorageHealth, type StorageHealth } from "./storage-health.ts";
import { watchedDialect } from "./watched-dialect.ts";

export type Dialect = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where it is, without credentials, for logs. */
  description: string;
  /** Files and folders whose modes were too open and were tightened at opening. */
  tightened: string[];
  /** True when a trivial query succeeds. */
  ping: () => Promise<boolean>;
  /** Whether writes find space (server/db/storage-health.ts). */
  storage: StorageHealth;
  close: () => Promise<void>;
};

// Which database an open Kysely instance talks to, for the few queries that must differ (a row lock SQLite lacks).
const dialects = new WeakMap<Kysely<Database>, Dialect>();

/** The dialect of a Kysely instance this module opened. */
export function dialectOf(db: Kysely<Database>): Dialect {
  const dialect = dialects.get(db);
  if (!dialect) throw new Error("dialectOf: a database not opened by openDatabase");
  return dialect;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

// Each process loads only the driver of the database it opens: the other
// one's module would cost it memory for nothing (decision 022).
const require = createRequire(import.meta.url);

// int8 (bigint) columns hold millisecond times, far below 2^53: read them as numbers.
const PG_INT8_OID = 20;
const pgTypes = (types: typeof pg.types) => ({
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === PG_INT8_OID
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
});

export function openDatabase(options: { databaseUrl?: string; dataDir: string; searchPath?: string }): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const { Pool, types } = require("pg") as typeof pg;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: pgTypes(types),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client's error (server restart) must not crash the process.
    pool.on("error", () => undefined);
    const { db, storage } = watchedDatabase(new PostgresInCurrentSchema({ pool }));
    const url = new URL(options.databaseUrl);
    return handle(db, storage, "postgres", `postgres://${url.host}${url.pathname}`);
  }
  const tightened = preparePrivateDataDir(options.dataDir);
  const file = join(options.dataDir, "app.db");
  const Sqlite = require("better-sqlite3") as typeof SQLite;
  const database = new Sqlite(file, { timeout: 5_000 });
  enableWal(database);
  // FULL: a commit is on disk before the visitor hears "sent", power loss included.
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  const { db, storage } = watchedDatabase(
    new SqliteDialect({ database: withStatementCache(database) }),
    options.dataDir,
  );
  return handle(db, storage, "sqlite", `sqlite:${file}`, tightened);
}

/**
 * Switches a new database file to WAL. That needs a moment of exclusive
 * access, which another process opening the same new file (a second worker)
 * can hold: retry briefly instead of failing the start.
 */
function enableWal(database: SQLite.Database): void {
  for (let attempt = 1; ; attempt += 1) {
    try {
      database.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || attempt >= 50) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

/** The probe's row: one small write that needs the disk as any other write does. */
const PROBE_KEY = "storage_probe_at";

/** A Kysely instance whose every query tells the storage health what it met. */
function watchedDatabase(dialect: KyselyDialect, dataDir?: string) {
  const storage = createStorageHealth({
    now: Date.now,
    dataDir,
    probe: async () => {
      const value = Date.now();
      // Called only once writes failed, long after db below exists.
      await db
        .insertInto("monitor_meta")
        .values({ key: PROBE_KEY, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    },
  });
  const db = new Kysely<Database>({ dialect: watchedDialect(dialect, storage) });
  return { db, storage };
}

function handle(
  db: Kysely<Database>,
  storage: StorageHealth,
  dialect: Dialect,
  description: string,
  tightened: string[] = [],
): DatabaseHandle {
  let closing: Promise<void> | undefined;
  dialects.set(db, dialect);
  return {
    db,
    dialect,
    description,
    tightened,
    storage,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    /** Once, however often it is asked (a pool ended twice throws). */
    close: () =>
      (closing ??= (async () => {
        storage.stop();
        await db.destroy();
      })()),
  };
}
