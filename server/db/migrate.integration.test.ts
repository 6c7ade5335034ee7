import { spawn } from "node:child_process";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { migrate, MIGRATIONS, type Migration } from "./migrate.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

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
    const row = {
      incident_id: 1,
      posted_at: 1,
      posted_by: "ops",
      state: "investigating",
      title_de: "Störung",
      message_de: "Wir prüfen\tes.\nBald mehr.",
    };
    await db.handle.db
      .insertInto("status_updates")
      .values([
        { ...row, title_en: "Bell\u0007 and escape\u001b[31m", message_en: "DEL\u007f and C1\u0085 gone" },
        { ...row, title_en: "Clean", message_en: "Nothing to do" },
      ])
      .execute();
    expect(await migrate(db.handle)).toEqual(["010-clean-public-text"]);
    const rows = await db.handle.db
      .selectFrom("status_updates")
      .select(["title_en", "message_en", "title_de", "message_de"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        title_en: "Bell and escape[31m",
        message_en: "DEL and C1 gone",
        title_de: "Störung",
        message_de: "Wir prüfen\tes.\nBald mehr.",
      },
      {
        title_en: "Clean",
        message_en: "Nothing to do",
        title_de: "Störung",
        message_de: "Wir prüfen\tes.\nBald mehr.",
      },
    ]);
  });

  it("roll back a failing migration completely, leaving it pending", async () => {
    const db = await open();
    cleanup = db.cleanup;
    const broken: Migration = {
      name: "999-broken",
      up: async (k) => {
        await k.schema.createTable("half_done").addColumn("x", "integer").execute();
        throw new Error("boom");
      },
    };
    await expect(migrate(db.handle, [...MIGRATIONS, broken])).rejects.toThrow("boom");
    const names = await db.handle.db.selectFrom("schema_migrations").select("name").execute();
    expect(names.map((n) => n.name)).toEqual(MIGRATIONS.map((m) => m.name));
    // The table the failed migration created is gone with its transaction (transactional DDL).
    await expect(
      db.handle.db
        .selectFrom("half_done" as "staff_users")
        .selectAll()
        .execute(),
    ).rejects.toThrow();
  });

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
    const count = await db.handle.db
      .selectFrom("schema_migrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MIGRATIONS.length);
  });
});

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const row = await handle.db.selectNoFrom((eb) => eb.fn<string>("current_schema").as("s")).executeTakeFirstOrThrow();
  return row.s;
}

function withSearchPath(url: string, schema: string): string {
  // Encoded by hand: URLSearchParams would write the space as "+", which pg reads literally.
  return `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
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
