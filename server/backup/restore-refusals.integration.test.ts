// What a restore refuses, changing nothing: a file that is no backup, a damaged copy, a copy made by a newer
// version, a database a server still holds open, a copy of the other kind of database. And what it keeps: the
// database it replaced, beside the new one.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "#server/backup/database-backup.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { admin } from "#tests/support/admin-cli.ts";
import { dropSchema, pgQuery, uniqueName } from "#tests/support/pg-admin.ts";

const work = mkdtempSync(join(tmpdir(), "restore-refusals-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const FUTURE = "999-from-a-newer-version";

/** A data directory with a migrated database holding one message, closed. */
async function dataDirWith(subject: string): Promise<string> {
  const dataDir = mkdtempSync(join(work, "data-"));
  const handle = openDatabase({ dataDir });
  await migrate(handle);
  await handle.db
    .insertInto("contact_messages")
    .values({ name: "N", email: "n@example.org", subject, message: "m", received_at: 1, language: "en", ip_hash: "x" })
    .execute();
  await handle.close();
  return dataDir;
}

/** Every file of a folder with its content's hash: what "nothing changed" is compared by. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => [
      name,
      createHash("sha256")
        .update(readFileSync(join(dir, name)))
        .digest("hex"),
    ]),
  );
}

let good: string;
let target: string;
beforeAll(async () => {
  good = join(work, "good.sqlite");
  await backupDatabase({ DATA_DIR: await dataDirWith("from the backup") }, good);
  target = await dataDirWith("in place");
});

describe("npm run admin -- restore", () => {
  const refused = async (file: string, reason: string | RegExp) => {
    const before = snapshot(target);
    const result = await admin(target, ["restore", file]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(reason);
    expect(snapshot(target)).toEqual(before);
  };

  it("refuses a file that is not a backup", async () => {
    const junk = join(work, "junk.bin");
    writeFileSync(junk, "not a database at all, just some words");
    await refused(junk, "neither a SQLite database nor a pg_dump archive");
    await refused(join(work, "missing.sqlite"), "Cannot read");
  });

  it("refuses a damaged copy", async () => {
    const damaged = join(work, "damaged.sqlite");
    const bytes = readFileSync(good);
    // The pages after the first overwritten: the header still says SQLite, the tables are garbage.
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 6));
    writeFileSync(damaged, bytes);
    await refused(damaged, /damaged|cannot be read/);
    const cut = join(work, "cut.sqlite");
    writeFileSync(cut, readFileSync(good));
    truncateSync(cut, 4096 * 3);
    await refused(cut, /damaged|cannot be read/);
  });

  it("refuses a copy made by a newer version, naming the migration it does not know", async () => {
    const newer = join(work, "newer.sqlite");
    writeFileSync(newer, readFileSync(good));
    const database = new Sqlite(newer);
    database.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(FUTURE, "2030-01-01");
    database.close();
    await refused(newer, `migration ${FUTURE} is unknown`);
  });

  it("refuses while the database is open (a running server), and a PostgreSQL dump without DATABASE_URL", async () => {
    const running = openDatabase({ dataDir: target });
    // A server queries: Kysely opens its connection at the first query and closes only one it opened.
    expect(await running.ping()).toBe(true);
    try {
      await refused(good, "is in use (is the server running?)");
    } finally {
      await running.close();
    }
    const dump = join(work, "fake.pgdump");
    writeFileSync(dump, "PGDMP and then nothing");
    await refused(dump, "is a PostgreSQL dump: set DATABASE_URL");
  });

  it("replaces the database with a good copy and keeps the one it replaced aside", async () => {
    const result = await admin(target, ["restore", good]);
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toMatch(/kept as .*app\.db\.before-restore-/);
    expect(result.out).toContain("forget-sealed-secrets");
    const subjects = async (dataDir: string) => {
      const handle = openDatabase({ dataDir });
      const rows = await handle.db.selectFrom("contact_messages").select("subject").execute();
      await handle.close();
      return rows.map((row) => row.subject);
    };
    expect(await subjects(target)).toEqual(["from the backup"]);
    const aside = readdirSync(target).find((name) => name.startsWith("app.db.before-restore-"))!;
    const old = new Sqlite(join(target, aside), { readonly: true });
    expect(old.prepare("select subject from contact_messages").pluck().all()).toEqual(["in place"]);
    old.close();
    expect(readdirSync(target).filter((name) => name.includes(".partial"))).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("restore on PostgreSQL", () => {
  it("refuses a cut dump and one from a newer version, changing nothing", async () => {
    const schema = uniqueName("refusals");
    await pgQuery(pgUrl!, `create schema ${schema}`);
    const source = { DATA_DIR: work, DATABASE_URL: pgUrl!, schema };
    const handle = openDatabase({ databaseUrl: pgUrl!, dataDir: "", searchPath: schema });
    try {
      await migrate(handle);
      const dump = join(work, "good.pgdump");
      await backupDatabase(source, dump);
      const cut = join(work, "cut.pgdump");
      writeFileSync(cut, readFileSync(dump).subarray(0, Math.floor(readFileSync(dump).length * 0.6)));
      await expect(restoreDatabase(source, cut)).rejects.toThrow(/cannot be read|damaged/);
      await handle.db
        .insertInto("kysely_migration" as never)
        .values({ name: FUTURE, timestamp: "2030" } as never)
        .execute();
      const newer = join(work, "newer.pgdump");
      await backupDatabase(source, newer);
      await expect(restoreDatabase(source, newer)).rejects.toThrow(`migration ${FUTURE} is unknown`);
      // Nothing was set aside or replaced: the newer record is still there.
      expect(readdirSync(work).filter((name) => name.endsWith(".pgdump") && name.startsWith("before-"))).toEqual([]);
      const names = await handle.db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(names.map((row) => (row as { name: string }).name)).toContain(FUTURE);
    } finally {
      await handle.close();
      await dropSchema(pgUrl!, schema);
    }
  });
});
