// SQLite: a backup is SQLite's online backup of DATA_DIR/app.db, consistent
// while the server's workers go on writing (WAL lets the copy read one
// snapshot); the restore checks a copy inside DATA_DIR before it takes the
// database's place by a rename, so app.db is always whole, old or new.
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { DATABASE_FILES, DIRECTORY_MODE, FILE_MODE } from "#server/db/private-files.ts";
import { BackupError, checkSchemaVersion, fileTime, publishFile, temporaryName } from "./backup-file.ts";

const require = createRequire(import.meta.url);
const openSqlite = (file: string, options: SQLite.Options) =>
  new (require("better-sqlite3") as typeof SQLite)(file, options);

/** Pages per step of the online backup: all of them, so that writes between steps cannot restart it forever. */
const ALL_PAGES = 0x7fffffff;

export const databaseFile = (dataDir: string) => join(dataDir, DATABASE_FILES[0]);

/** Copies DATA_DIR's database to `file` (mode 0600), written whole under another name first. */
export async function backupSqlite(dataDir: string, file: string): Promise<void> {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: check DATA_DIR`);
  const temporary = temporaryName(file);
  // Made before SQLite writes to it, with its final mode: the copy holds personal data.
  closeSync(openSync(temporary, "wx", FILE_MODE));
  try {
    const database = openSqlite(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
    try {
      await database.backup(temporary, { progress: () => ALL_PAGES });
    } finally {
      database.close();
    }
    // One self-contained file: no -wal beside it to lose when it is copied elsewhere.
    const copy = openSqlite(temporary, { fileMustExist: true });
    copy.pragma("journal_mode = DELETE");
    copy.close();
    publishFile(temporary, file);
  } catch (error) {
    removeWithSidecars(temporary);
    throw error;
  }
}

function removeWithSidecars(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}

/** Opens a copy and reads what the restore must know before trusting it. */
function inspectCopy(file: string): { integrity: string[]; applied: string[] } {
  let database: SQLite.Database | undefined;
  try {
    database = openSqlite(file, { readonly: true, fileMustExist: true });
    const integrity = database.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    const tables = database
      .prepare(
        "select name from sqlite_master where type = 'table' and name in ('kysely_migration', 'schema_migrations')",
      )
      .pluck()
      .all() as string[];
    const applied = tables.flatMap(
      (table) => database!.prepare(`select name from ${table} order by name`).pluck().all() as string[],
    );
    return { integrity: integrity.map((row) => row.integrity_check), applied };
  } catch (error) {
    throw new BackupError(`The copy cannot be read as a database: ${(error as Error).message}`);
  } finally {
    database?.close();
  }
}

/** Refuses a damaged copy or one from a newer version; leaves it self-contained (no WAL) when it passes. */
function checkCopy(file: string): string[] {
  const { integrity, applied } = inspectCopy(file);
  if (integrity.length !== 1 || integrity[0] !== "ok")
    throw new BackupError(`The copy is damaged (integrity check: ${integrity.slice(0, 3).join("; ")})`);
  checkSchemaVersion(applied);
  const database = openSqlite(file, { fileMustExist: true });
  database.pragma("journal_mode = DELETE");
  database.close();
  return applied;
}

/**
 * Refuses while anything holds the database open (a running server's workers do, all the time): an exclusive lock
 * is had only by a connection alone on the file. Closing it folds the WAL into the file, so what is set aside is whole.
 */
function settleCurrentDatabase(file: string): void {
  const database = openSqlite(file, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma("locking_mode = EXCLUSIVE");
    database.exec("begin exclusive");
    database.exec("commit");
    database.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new BackupError(`${file} is in use (is the server running?): stop the server, then restore`);
  } finally {
    database.close();
  }
}

/** Moves the database and what SQLite keeps beside it to `<name>.before-restore-<time>`; answers the new name. */
function setAside(file: string, time: number): string {
  const suffix = `.before-restore-${fileTime(time)}`;
  for (const sidecar of ["", "-wal", "-shm"])
    if (existsSync(`${file}${sidecar}`)) renameSync(`${file}${sidecar}`, `${file}${suffix}${sidecar}`);
  return `${file}${suffix}`;
}

export type Restored = { applied: string[]; setAside: string | undefined };

/** Replaces DATA_DIR's database with the copy in `file`, after checking the copy; the old one is kept aside. */
export function restoreSqlite(dataDir: string, file: string, now = Date.now()): Restored {
  mkdirSync(dataDir, { recursive: true, mode: DIRECTORY_MODE });
  const target = databaseFile(dataDir);
  const temporary = temporaryName(target);
  copyFileSync(file, temporary);
  chmodSync(temporary, FILE_MODE);
  try {
    const applied = checkCopy(temporary);
    // An empty file is what opening a new DATA_DIR leaves: nothing to keep.
    const current = existsSync(target) && statSync(target).size > 0;
    if (current) settleCurrentDatabase(target);
    const aside = current ? setAside(target, now) : undefined;
    publishFile(temporary, target);
    return { applied, setAside: aside };
  } finally {
    removeWithSidecars(temporary);
  }
}
