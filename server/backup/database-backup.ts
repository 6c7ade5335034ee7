// One entry for backups and restores, whichever database the configuration
// names: the command line and the scheduled backup call these.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { isPostgresUrl } from "#server/db/client.ts";
import { SECRETS_KEY_FILE } from "#server/auth/secrets-key.ts";
import { DIRECTORY_MODE } from "#server/db/private-files.ts";
import { BackupError, backupFormatOf, fileTime } from "./backup-file.ts";
import { backupPostgres, restorePostgres, type PostgresTarget } from "./postgres-backup.ts";
import { backupSqlite, restoreSqlite, type Restored } from "./sqlite-backup.ts";

export type BackupSource = {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  SECRETS_KEY?: string | undefined;
  /** PostgreSQL only: one schema instead of the whole database (tests). */
  schema?: string;
};

const postgresTarget = (source: BackupSource): PostgresTarget => ({
  databaseUrl: source.DATABASE_URL!,
  ...(source.schema ? { schema: source.schema } : {}),
});

/** The file extension that says which format a scheduled backup is in, for a person looking at the folder. */
export const backupExtension = (source: BackupSource) => (isPostgresUrl(source.DATABASE_URL) ? "pgdump" : "sqlite");

export async function backupDatabase(source: BackupSource, file: string): Promise<void> {
  if (isPostgresUrl(source.DATABASE_URL)) await backupPostgres(postgresTarget(source), file);
  else await backupSqlite(source.DATA_DIR, file);
}

/** Checks the copy, then replaces the configured database with it; refuses a copy of the other kind. */
export async function restoreDatabase(source: BackupSource, file: string, now = Date.now()): Promise<Restored> {
  const format = backupFormatOf(file);
  const postgres = isPostgresUrl(source.DATABASE_URL);
  if (format === "postgres" && !postgres)
    throw new BackupError(`${file} is a PostgreSQL dump: set DATABASE_URL to the database to restore it into`);
  if (format === "sqlite" && postgres)
    throw new BackupError(`${file} is a SQLite database: unset DATABASE_URL to restore it into DATA_DIR`);
  if (!postgres) return restoreSqlite(source.DATA_DIR, file, now);
  mkdirSync(source.DATA_DIR, { recursive: true, mode: DIRECTORY_MODE });
  const aside = join(source.DATA_DIR, `before-restore-${fileTime(now)}.pgdump`);
  return restorePostgres(postgresTarget(source), file, aside);
}

/**
 * Where the sealing key is: never in a backup, which would otherwise open the secrets it seals to whoever holds the
 * copy. Said after every backup and restore, without the key itself.
 */
export function keyLocation(source: BackupSource): string {
  return source.SECRETS_KEY
    ? "the SECRETS_KEY variable of the server's environment"
    : `the file ${join(source.DATA_DIR, SECRETS_KEY_FILE)}`;
}
