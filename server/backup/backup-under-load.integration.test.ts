// A backup taken while the server works: contact messages posted one after another and monitor rounds writing
// checks, the backup taken midway (by the real command on SQLite, by pg_dump on PostgreSQL), then restored into a
// fresh directory or database. Every message accepted before the backup began is in the copy, and a server starts
// on it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "#server/backup/database-backup.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { admin, adminChild } from "#tests/support/admin-cli.ts";
import { startLoad, until } from "#tests/support/backup-load.ts";
import { dropSchema, pgQuery as query, uniqueName } from "#tests/support/pg-admin.ts";
import { monitoringConfig, serveFakeServices } from "#tests/support/monitor-app.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";
/** No limits: the test posts far more than a visitor may. */
const LOAD_ENV = { CONTACT_LIMIT_PER_IP: "0", CONTACT_LIMIT_GLOBAL: "0" };
const pgUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A server on the database, loaded until at least 20 messages and one round are in; `backup` runs meanwhile. */
async function backupUnderLoad(handle: DatabaseHandle, backup: () => Promise<void>) {
  const t = await createTestApp(handle, LOAD_ENV, { monitoring: { config: monitoringConfig } });
  await t.services.staff.create("ops", PASSWORD);
  const load = startLoad(t);
  await until(() => load.accepted.length >= 20 && load.rounds() >= 1);
  const before = [...load.accepted];
  try {
    await backup();
  } finally {
    await load.stop();
  }
  return { before, during: load.accepted.length - before.length };
}

/** What a restored database must hold, and a server started on it answering a signed-in request. */
async function expectRestored(handle: DatabaseHandle, before: string[]) {
  const rows = await handle.db.selectFrom("contact_messages").select("subject").execute();
  const subjects = new Set(rows.map((row) => row.subject));
  expect(before.filter((subject) => !subjects.has(subject))).toEqual([]);
  const results = await handle.db.selectFrom("monitor_results").select(handle.db.fn.countAll().as("n")).execute();
  expect(Number(results[0]!.n)).toBeGreaterThan(0);
  const t = await createTestApp(handle);
  expect((await t.app.request("http://localhost/readyz")).status).toBe(200);
  const signIn = await t.app.request("http://localhost/api/auth/sign-in", {
    method: "POST",
    headers: browserHeaders(),
    body: JSON.stringify({ username: "ops", password: PASSWORD }),
  });
  const listed = await t.app.request("http://localhost/api/admin/contact-messages", {
    headers: browserHeaders({ cookie: cookieFrom(signIn) }),
  });
  expect(listed.status).toBe(200);
}

describe("a backup under load", { timeout: 120_000 }, () => {
  serveFakeServices();

  it("on SQLite: the command's copy, restored into a fresh directory, holds every message taken before", async () => {
    const dataDir = temporaryDir("backup-source-");
    const handle = openDatabase({ dataDir });
    cleanups.push(() => handle.close());
    // Every commit stays in app.db-wal (as when a long reader holds checkpoints back): a copy of app.db alone
    // would miss them all, the online backup must not.
    await sql`pragma wal_autocheckpoint = 0`.execute(handle.db);
    const file = join(temporaryDir("backup-files-"), "copy.sqlite");
    let command = { code: null as number | null, out: "", err: "" };
    const { before, during } = await backupUnderLoad(handle, async () => {
      command = await adminChild(dataDir, ["backup", file]);
    });
    expect(command).toMatchObject({ code: 0, err: "" });
    expect(command.out).toContain(`it is in the file ${join(dataDir, "secrets.key")}`);
    // The writes went on while the backup ran: it was taken under load.
    expect(during).toBeGreaterThan(0);

    const fresh = join(temporaryDir("backup-restored-"), "data");
    const restore = await admin(fresh, ["restore", file]);
    expect(restore).toMatchObject({ code: 0, err: "" });
    const restored = openDatabase({ dataDir: fresh });
    cleanups.push(() => restored.close());
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored.db);
    expect(integrity.rows).toEqual([{ integrity_check: "ok" }]);
    await expectRestored(restored, before);
  });

  it.runIf(pgUrl)(
    "on PostgreSQL: the dump, restored into a fresh database, holds every message taken before",
    async () => {
      const url = pgUrl!;
      const schema = uniqueName("backup");
      const freshName = uniqueName("restored");
      await query(url, `create schema ${schema}`);
      cleanups.push(() => dropSchema(url, schema));
      const handle = openDatabase({ databaseUrl: url, dataDir: "", searchPath: schema });
      cleanups.push(() => handle.close());
      const work = temporaryDir("backup-pg-");
      const file = join(work, "copy.pgdump");
      const { before, during } = await backupUnderLoad(handle, () =>
        backupDatabase({ DATA_DIR: work, DATABASE_URL: url, schema }, file),
      );
      expect(during).toBeGreaterThan(0);

      await query(url, `create database ${freshName}`);
      cleanups.push(() => query(url, `drop database if exists ${freshName} with (force)`));
      const freshUrl = Object.assign(new URL(url), { pathname: `/${freshName}` }).toString();
      const restored = await restoreDatabase({ DATA_DIR: work, DATABASE_URL: freshUrl, schema }, file);
      expect(restored.setAside).toBeUndefined();
      const reopened = openDatabase({ databaseUrl: freshUrl, dataDir: "", searchPath: schema });
      cleanups.push(() => reopened.close());
      await expectRestored(reopened, before);
    },
  );
});
