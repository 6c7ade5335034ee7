// PostgreSQL: a backup is pg_dump's custom-format archive (one consistent
// snapshot, whatever the server writes meanwhile); the restore reads the whole
// archive and its record of migrations before pg_restore replaces anything,
// in one transaction, so a failure leaves the database as it was.
import { closeSync, openSync, rmSync } from "node:fs";
import type pg from "pg";
import { FILE_MODE } from "#server/db/private-files.ts";
import { BackupError, checkSchemaVersion, publishFile, temporaryName } from "./backup-file.ts";
import { connectionFor, runToolOrRefuse } from "./postgres-tools.ts";

export type PostgresTarget = {
  databaseUrl: string;
  /** One schema only (tests keep one each in a shared database); unset: the whole database. */
  schema?: string;
};

const MIGRATION_TABLES = ["kysely_migration", "schema_migrations"];

/** Dumps the database to `file` (mode 0600), written whole under another name first. */
export async function backupPostgres(target: PostgresTarget, file: string): Promise<void> {
  const { dbname, env } = connectionFor(target.databaseUrl);
  const temporary = temporaryName(file);
  closeSync(openSync(temporary, "wx", FILE_MODE));
  try {
    const schema = target.schema ? [`--schema=${target.schema}`] : [];
    await runToolOrRefuse("The backup", "pg_dump", ["--format=custom", `--file=${temporary}`, ...schema, dbname], env);
    publishFile(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The migrations recorded in an archive, from its data (COPY lines: the name is the first column). */
async function archivedMigrations(file: string): Promise<string[]> {
  const listing = await runToolOrRefuse("The copy cannot be read", "pg_restore", ["--list", file]);
  const table = MIGRATION_TABLES.find((name) => new RegExp(`TABLE DATA \\S+ ${name} `).test(listing));
  if (!table) return [];
  const data = await runToolOrRefuse("The copy cannot be read", "pg_restore", [
    "--data-only",
    `--table=${table}`,
    "--file=-",
    file,
  ]);
  const rows = data.split(/\nCOPY [^\n]*FROM stdin;\n/)[1]?.split("\n\\.")[0] ?? "";
  return rows
    .split("\n")
    .filter(Boolean)
    .map((row) => row.split("\t")[0]!);
}

/** The migrations the target database has applied (none when it is empty). */
async function appliedMigrations(target: PostgresTarget): Promise<string[]> {
  // Loaded here, not with the module: every worker imports the backup code, few ever back up PostgreSQL (decision 061).
  const { default: driver } = (await import("pg")) as { default: typeof pg };
  const client = new driver.Client({
    connectionString: target.databaseUrl,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() " +
        "and table_name = 'kysely_migration'",
    );
    if (rows.length === 0) return [];
    return (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map(
      (row) => row.name,
    );
  } finally {
    await client.end();
  }
}

/**
 * Tables a later migration made are not in an older copy, and pg_restore --clean leaves what the copy does not
 * name: the server would then find tables its record says it never made. Such a restore goes into an empty database.
 */
function checkTargetNotAhead(current: string[], copy: string[]): void {
  const ahead = current.filter((name) => !copy.includes(name));
  if (ahead.length > 0)
    throw new BackupError(
      `The database has migration ${ahead.join(", ")}, which the copy lacks: restore into an empty database ` +
        "(createdb, then DATABASE_URL naming it) or drop this one's tables first",
    );
}

export type PostgresRestored = { applied: string[]; setAside: string | undefined };

/** Replaces the database's contents with the archive's, after checking it; the old contents are dumped to `aside`. */
export async function restorePostgres(target: PostgresTarget, file: string, aside: string): Promise<PostgresRestored> {
  const applied = await archivedMigrations(file);
  checkSchemaVersion(applied);
  // Every entry read once, to the end: a damaged or cut archive fails here, before anything is replaced.
  await runToolOrRefuse("The copy is damaged", "pg_restore", ["--file=/dev/null", file]);
  const current = await appliedMigrations(target);
  checkTargetNotAhead(current, applied);
  if (current.length > 0) await backupPostgres(target, aside);
  const { dbname, env } = connectionFor(target.databaseUrl);
  await runToolOrRefuse(
    "The restore changed nothing",
    "pg_restore",
    ["--clean", "--if-exists", "--single-transaction", "--exit-on-error", "--no-owner", `--dbname=${dbname}`, file],
    env,
  );
  return { applied, setAside: current.length > 0 ? aside : undefined };
}
