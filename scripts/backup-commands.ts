// `npm run admin -- backup <file>` and `restore <file>`: they work on the
// database's files and tools directly, without opening it as the server does
// (a restore must not migrate or create what it is about to replace).
import { resolve } from "node:path";
import type { Config } from "#server/config.ts";
import { backupDatabase, keyLocation, restoreDatabase } from "#server/backup/database-backup.ts";

type Io = { out(line: string): void };

/** The reminder after each backup and restore: where the key is, never the key. */
function sayWhereTheKeyIs(config: Config, io: Io, after: "backup" | "restore"): void {
  io.out(`The sealing key is not in the backup: it is in ${keyLocation(config)}.`);
  io.out(
    after === "backup"
      ? "Keep a copy of the key apart from the backups: without it, a restored server cannot open the " +
          "authenticator apps (TOTP) it sealed, and with it, whoever holds both can."
      : "Start the server with the key that was in use when the backup was made (the same file or SECRETS_KEY); " +
          "if it is lost, npm run admin -- forget-sealed-secrets lets the server start with a new one.",
  );
}

export async function runBackup(config: Config, file: string, io: Io): Promise<void> {
  const target = resolve(file);
  await backupDatabase(config, target);
  io.out(`Wrote a backup of the database to ${target}.`);
  sayWhereTheKeyIs(config, io, "backup");
}

export async function runRestore(config: Config, file: string, io: Io): Promise<void> {
  const restored = await restoreDatabase(config, resolve(file));
  const last = restored.applied.at(-1);
  io.out(`Restored the database from ${resolve(file)} (schema ${last}; the server migrates it forward on start).`);
  if (restored.setAside) io.out(`The database it replaced is kept as ${restored.setAside}.`);
  sayWhereTheKeyIs(config, io, "restore");
}
