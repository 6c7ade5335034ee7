// What a backup file is and how one reaches the disk. A backup is the
// database's own format, nothing wrapped around it: a SQLite file (SQLite's
// online backup) or a pg_dump archive in its custom format. The restore tells
// them apart by their first bytes, so a file needs no name or extension.
import { closeSync, fsyncSync, openSync, readSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "#server/db/migrate.ts";

/** A backup or restore refused with a reason the person at the terminal can act on; nothing was changed. */
export class BackupError extends Error {}

export type BackupFormat = "sqlite" | "postgres";

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const PGDUMP_MAGIC = Buffer.from("PGDMP", "latin1");

/** The format of a backup file from its first bytes; refuses anything else. */
export function backupFormatOf(file: string): BackupFormat {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.equals(SQLITE_MAGIC)) return "sqlite";
  if (head.subarray(0, PGDUMP_MAGIC.length).equals(PGDUMP_MAGIC)) return "postgres";
  throw new BackupError(`${file} is neither a SQLite database nor a pg_dump archive (custom format): not a backup`);
}

/** Flushes a file or folder to the disk, so that a rename after it publishes whole content. */
export function syncToDisk(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Moves a finished temporary file to its name: on the disk first, then renamed, then the rename on the disk. */
export function publishFile(temporary: string, file: string): void {
  syncToDisk(temporary);
  renameSync(temporary, file);
  syncToDisk(dirname(file));
}

/** A name beside `file` for writing it whole before it takes its place. */
export const temporaryName = (file: string) => `${file}.${process.pid}.${Date.now()}.partial`;

/** A time for file names: sortable, without characters some file systems refuse. */
export const fileTime = (time: number) => new Date(time).toISOString().replace(/[:.]/g, "-");

/**
 * The schema version of a copy is the list of migrations applied to it. One this build does not know was made by a
 * newer version: restoring it would give the server tables it cannot read, so it is refused by name.
 */
export function checkSchemaVersion(applied: string[]): void {
  if (applied.length === 0)
    throw new BackupError("The copy has no record of migrations: it is not a database of this server");
  const known = new Set(MIGRATIONS.map((migration) => migration.name));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `The copy was made by a newer version (migration ${unknown.join(", ")} is unknown to this one): ` +
        "restore it with that version or a later one",
    );
}
