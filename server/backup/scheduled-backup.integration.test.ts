// The daily backup, asked for directly with a clock the test moves: one backup per day across every asker (the
// lease), the newest BACKUP_KEEP kept, other files in the folder left alone, a failure retried at the next ask.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { runScheduledBackup, type ScheduledBackupContext } from "#server/backup/scheduled-backup.ts";
import { bootServices } from "#server/boot.ts";
import { parseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createLeases } from "#server/db/leases.ts";
import { migrate } from "#server/db/migrate.ts";
import { until } from "#tests/support/backup-load.ts";

const DAY_MS = 24 * 60 * 60_000;
const work = mkdtempSync(join(tmpdir(), "scheduled-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the scheduled backup", () => {
  it("writes one backup a day whoever asks, and keeps the newest BACKUP_KEEP", async () => {
    const dataDir = join(work, "data");
    const backupDir = join(work, "backups");
    const handle = openDatabase({ dataDir });
    await migrate(handle);
    const clock = { now: Date.parse("2026-03-01T02:00:00Z") };
    const context: ScheduledBackupContext = {
      source: { DATA_DIR: dataDir },
      backupDir,
      keep: 2,
      leases: createLeases(handle.db, () => clock.now),
      logger: pino({ level: "silent" }),
      now: () => clock.now,
    };
    try {
      const first = await runScheduledBackup(context);
      expect(first).toBe(join(backupDir, "backup-2026-03-01T02-00-00-000Z.sqlite"));
      // Another worker asking an hour later finds the day's lease taken.
      clock.now += 60 * 60_000;
      expect(await runScheduledBackup({ ...context, leases: createLeases(handle.db, () => clock.now) })).toBe(
        undefined,
      );
      writeFileSync(join(backupDir, "kept-by-hand.sqlite"), "a copy someone put here");
      for (let day = 1; day <= 3; day += 1) {
        clock.now += DAY_MS;
        expect(await runScheduledBackup(context)).toBeDefined();
      }
      expect(readdirSync(backupDir).sort()).toEqual([
        "backup-2026-03-03T03-00-00-000Z.sqlite",
        "backup-2026-03-04T03-00-00-000Z.sqlite",
        "kept-by-hand.sqlite",
      ]);
    } finally {
      await handle.close();
    }
  });

  it("gives the lease back when the backup fails, so the next ask tries again", async () => {
    const dataDir = join(work, "data-2");
    const handle = openDatabase({ dataDir });
    await migrate(handle);
    const clock = { now: Date.parse("2026-03-01T02:00:00Z") };
    // A file where the folder should be: the backup cannot be written.
    const blocked = join(work, "not-a-folder");
    writeFileSync(blocked, "");
    const context: ScheduledBackupContext = {
      source: { DATA_DIR: dataDir },
      backupDir: blocked,
      keep: 3,
      leases: createLeases(handle.db, () => clock.now),
      logger: pino({ level: "silent" }),
      now: () => clock.now,
    };
    try {
      expect(await runScheduledBackup(context)).toBeUndefined();
      rmSync(blocked);
      clock.now += 60 * 60_000;
      const file = await runScheduledBackup({ ...context, backupDir: join(work, "backups-2") });
      expect(file && existsSync(file)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("runs in the server when BACKUP_DIR is set: the start writes the day's backup", async () => {
    const monitoring = join(work, "monitoring.yaml");
    writeFileSync(monitoring, "services: []\n");
    const backupDir = join(work, "from-the-server");
    const env = { DATA_DIR: join(work, "server-data"), MONITORING_CONFIG: monitoring, LOG_LEVEL: "silent" };
    const running = await bootServices(parseConfig({ ...env, BACKUP_DIR: backupDir, BACKUP_KEEP: "3" }));
    try {
      await until(() => existsSync(backupDir) && readdirSync(backupDir).some((name) => name.endsWith(".sqlite")));
    } finally {
      await running.stop();
    }
  });
});
