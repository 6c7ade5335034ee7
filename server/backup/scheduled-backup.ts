// The scheduled backup: with BACKUP_DIR set, once a day the one worker of one
// instance that takes the day's lease writes a backup there and keeps the
// newest BACKUP_KEEP. Every worker asks each hour; the lease (a day long)
// makes the others' asks no-ops, and a server that was down at the hour
// makes the day's backup at the next ask after it starts.
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "pino";
import type { Leases } from "#server/db/leases.ts";
import { DIRECTORY_MODE } from "#server/db/private-files.ts";
import { fileTime } from "./backup-file.ts";
import { backupDatabase, backupExtension, keyLocation, type BackupSource } from "./database-backup.ts";

const DAY_MS = 24 * 60 * 60_000;
const ASK_EVERY_MS = 60 * 60_000;
/** A scheduled backup's name: sorting the names sorts them by age. */
const SCHEDULED = /^backup-\d{4}-\d\d-\d\dT[\d-]+Z\.(sqlite|pgdump)$/;

export type ScheduledBackupContext = {
  source: BackupSource;
  backupDir: string;
  keep: number;
  leases: Leases;
  logger: Logger;
  now: () => number;
};

/** Deletes all but the newest `keep` scheduled backups in the folder (other files there are left alone). */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const scheduled = readdirSync(backupDir)
    .filter((name) => SCHEDULED.test(name))
    .sort();
  const old = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of old) rmSync(join(backupDir, name), { force: true });
  return old;
}

/** One ask: when this process takes the day's lease, a backup and the pruning. Answers the file written, if any. */
export async function runScheduledBackup(context: ScheduledBackupContext): Promise<string | undefined> {
  const { source, backupDir, keep, leases, logger, now } = context;
  const holder = randomUUID();
  if (!(await leases.acquire("daily-backup", holder, DAY_MS - 60_000).catch(() => false))) return undefined;
  const file = join(backupDir, `backup-${fileTime(now())}.${backupExtension(source)}`);
  try {
    mkdirSync(backupDir, { recursive: true, mode: DIRECTORY_MODE });
    await backupDatabase(source, file);
    const pruned = pruneBackups(backupDir, keep);
    logger.info({ file, pruned: pruned.length, key: keyLocation(source) }, "scheduled backup written (key kept apart)");
    return file;
  } catch (error) {
    logger.error({ err: error, backupDir }, "scheduled backup failed; trying again within the hour");
    // Given back, so that the next ask (here or elsewhere) tries again rather than tomorrow.
    await leases.release("daily-backup", holder).catch(() => undefined);
    return undefined;
  }
}

/** Starts asking (now, then hourly) when BACKUP_DIR is set; answers how to stop. */
export function startScheduledBackups(context: ScheduledBackupContext | undefined): () => void {
  if (!context) return () => undefined;
  void runScheduledBackup(context);
  const timer = setInterval(() => void runScheduledBackup(context), ASK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
