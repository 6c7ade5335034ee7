import { spawn } from "node:child_process";
import { dirname } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { migrate, MIGRATIONS, type Migration } from "./migrate.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { withSearchPath } from "#tests/support/pg-admin.ts";

// Staff's words for the status page as stored before migration 010, and as it leaves them (tab and newline stay).
const STORED_UPDATE = {
  incident_id: 1,
  posted_at: 1,
  posted_by: "ops",
  state: "investigating",
  title_de: "Störung",
  message_de: "Wir prüfen\tes.\nBald mehr.",
};
const UPDATES_WITH_CONTROL_CHARACTERS = [
  { ...STORED_UPDATE, title_en: "Bell\u0007 and escape\u001b[31m", message_en: "DEL\u007f and C1\u0085 gone" },
  { ...STORED_UPDATE, title_en: "Clean", message_en: "Nothing to do" },
];
const UPDATES_CLEANED = [
  {
    title_en: "Bell and escape[31m",
    message_en: "DEL and C1 gone",
    title_de: "Störung",
    message_de: "Wir prüfen\tes.\nBald mehr.",
  },
  { title_en: "Clean", message_en: "Nothing to do", title_de: "Störung", message_de: "Wir prüfen\tes.\nBald mehr." },
];

describe.each(testDatabases())("migrations on $dialect", ({ open }) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it("apply once, then nothing is pending", async () => {
    const db = await open();
    cleanup = db.cleanup;
    expect(await migrate(db.handle)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await migrate(db.handle)).toEqual([]);
    await db.handle.db
      .insertInto("staff_users")
      .values({ username: "ops", password_hash: "x", created_at: 1, updated_at: 1 })
      .execute();
    const row = await db.handle.db.selectFrom("staff_users").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: 1, username: "ops", created_at: 1 });
    expect(typeof row.created_at).toBe("number");
  });

  it("clean control characters out of staff's stored words for the status page", async () => {
    const db = await open();
    cleanup = db.cleanup;
    const before = MIGRATIONS.findIndex((m) => m.name === "010-clean-public-text");
    await migrate(db.handle, MIGRATIONS.slice(0, before));
    await db.handle.db.insertInto("status_updates").values(UPDATES_WITH_CONTROL_CHARACTERS).execute();
    // Up to 010 only, so later migrations do not change what this test sees.
    expect(await migrate(db.handle, MIGRATIONS.slice(0, before + 1))).toEqual(["010-clean-public-text"]);
    const rows = await db.handle.db
      .selectFrom("status_updates")
      .select(["title_en", "message_en", "title_de", "message_de"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual(UPDATES_CLEANED);
  });

  it("roll back a failing run completely, leaving the database as it was", async () => {
    const db = await open();
    cleanup = db.cleanup;
    const broken: Migration = {
      name: "999-broken",
      up: async (k) => {
        await k.schema.createTable("half_done").addColumn("x", "integer").execute();
        throw new Error("boom");
      },
    };
    const named = "Migration 999-broken failed: boom; the database is as it was before this start";
    // One run is one transaction: the migrations before the broken one are undone with it.
    await expect(migrate(db.handle, [...MIGRATIONS, broken])).rejects.toThrow(named);
    expect(await tablesOf(db.handle)).toEqual([]);
    await migrate(db.handle);
    await expect(migrate(db.handle, [...MIGRATIONS, broken])).rejects.toThrow(named);
    expect(await recorded(db.handle)).toEqual(MIGRATIONS.map((m) => m.name));
    // The table the failed migration created is gone with its transaction (transactional DDL).
    expect(await tablesOf(db.handle)).not.toContain("half_done");
    // The version before still runs on it: nothing pending for it, and its tables answer.
    expect(await migrate(db.handle)).toEqual([]);
    await db.handle.db
      .insertInto("staff_users")
      .values({ username: "ops", password_hash: "x", created_at: 1, updated_at: 1 })
      .execute();
    expect(await db.handle.db.selectFrom("staff_users").select("username").execute()).toEqual([{ username: "ops" }]);
  });

  it.each([7, MIGRATIONS.length])(
    "take over a database whose %i migrations were recorded before Kysely's Migrator",
    async (before) => {
      const db = await open();
      cleanup = db.cleanup;
      await migrateTheOldWay(db.handle, MIGRATIONS.slice(0, before));
      await db.handle.db
        .insertInto("staff_users")
        .values({ username: "ops", password_hash: "x", created_at: 1, updated_at: 1 })
        .execute();
      expect(await migrate(db.handle)).toEqual(MIGRATIONS.slice(before).map((m) => m.name));
      expect(await migrate(db.handle)).toEqual([]);
      expect(await recorded(db.handle)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(await tablesOf(db.handle)).not.toContain("schema_migrations");
      const users = await db.handle.db.selectFrom("staff_users").select("username").execute();
      expect(users).toEqual([{ username: "ops" }]);
    },
  );

  it("are safe when two instances start at once", async () => {
    const db = await open();
    cleanup = db.cleanup;
    // Two processes migrate the same, empty database at the same moment.
    const env: Record<string, string> =
      db.handle.dialect === "postgres"
        ? { DATABASE_URL: withSearchPath(process.env.TEST_DATABASE_URL!, await currentSchema(db.handle)) }
        : { DATA_DIR: dirname(db.handle.description.replace(/^sqlite:/, "")) };
    const results = await Promise.all([runMigrateScript(env), runMigrateScript(env)]);
    expect(
      results.map((r) => r.code),
      results.map((r) => r.output).join("\n"),
    ).toEqual([0, 0]);
    // Between them each migration was applied exactly once (which process applied which depends on the machine's pace).
    const applied = results.flatMap((r) => /Applied (.*) to /.exec(r.output)?.[1]?.split(", ") ?? []);
    expect(applied.sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
    expect(await recorded(db.handle)).toEqual(MIGRATIONS.map((m) => m.name));
  });
});

/**
 * The tables of the database (on PostgreSQL, of this test's schema), Kysely's own among them. Only this schema's
 * catalog is read: Kysely's introspection reads every schema's, and fails when another test file drops its own
 * meanwhile.
 */
async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(handle.db);
  return rows.map((row) => row.name);
}

/** What Kysely's Migrator recorded as applied, by name. */
async function recorded(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  return rows.map((row) => row.name);
}

/** What this project's own migration runner did before Kysely's Migrator: one row per migration, in epoch ms. */
async function migrateTheOldWay(handle: DatabaseHandle, migrations: readonly Migration[]): Promise<void> {
  await sql`create table schema_migrations (name text primary key, applied_at bigint not null)`.execute(handle.db);
  for (const [index, migration] of migrations.entries()) {
    await handle.db.transaction().execute(async (trx) => {
      await migration.up(trx, handle.dialect);
      const appliedAt = 1_700_000_000_000 + index;
      await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${appliedAt})`.execute(trx);
    });
  }
}

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const row = await handle.db.selectNoFrom((eb) => eb.fn<string>("current_schema").as("s")).executeTakeFirstOrThrow();
  return row.s;
}

function runMigrateScript(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/migrate.ts"], {
      env: { ...inherited, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}
