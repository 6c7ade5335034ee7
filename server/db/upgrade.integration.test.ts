// Upgrades keep the data: the current code starts on data directories earlier versions wrote (SQLite files and
// PostgreSQL dumps in tests/fixtures/data-dirs), migrates them forward and finds every record they held; a migration
// that fails on the way leaves the database as that version left it, and usable by it.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { bootServices, type Running } from "#server/boot.ts";
import { totpCode } from "#server/auth/totp.ts";
import { parseConfig } from "#server/config.ts";
import { openDatabase, type DatabaseHandle, type Dialect } from "#server/db/client.ts";
import { migrate, MIGRATIONS } from "#server/db/migrate.ts";
import {
  prepareFixture,
  upgradeFixtures,
  type PreparedFixture,
  type UpgradeFixture,
} from "#tests/support/upgrade-fixtures.ts";

const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const cases = dialects.flatMap((dialect) => upgradeFixtures().map((fixture) => ({ dialect, fixture })));

let prepared: PreparedFixture | undefined;
let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  await prepared?.cleanup();
  running = prepared = undefined;
});

const start = (env: Record<string, string>) => bootServices(parseConfig(env));

describe.each(cases)("a data directory of $fixture.name on $dialect", ({ dialect, fixture }) => {
  it("migrates forward at start and keeps every record", { timeout: 60_000 }, async () => {
    prepared = await prepareFixture(fixture, dialect);
    running = await start(prepared.env);
    const db = running.services.database.db;
    expect(await recordedMigrations(running.services.database)).toEqual(MIGRATIONS.map((m) => m.name));
    const message = await db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    expect(message).toMatchObject(fixture.message);
    const incident = await db.selectFrom("incidents").selectAll().executeTakeFirstOrThrow();
    expect(incident).toMatchObject({ ...fixture.incident, resolved_at: null });
    const subscribers = await db.selectFrom("status_subscribers").select(["email", "confirmed_at"]).execute();
    expect(subscribers.map((row) => row.email)).toEqual(fixture.subscribed ? [fixture.subscriber] : []);
    expect(subscribers.every((row) => row.confirmed_at !== null)).toBe(true);
    await expectSignIn(running, fixture);
  });

  it(
    "stops naming a migration that fails, and leaves the data to the version before",
    { timeout: 60_000 },
    async () => {
      prepared = await prepareFixture(fixture, dialect);
      const next = MIGRATIONS.findIndex((migration) => migration.name === fixture.schema) + 1;
      const failing = MIGRATIONS[next]!.name;
      // A table the next migration makes, already there: the migration fails half-way, on a real start.
      const blocked = await blockingTable(prepared, failing);
      await expect(start(prepared.env)).rejects.toThrow(
        new RegExp(`^Migration ${failing} failed: .+; the database is as it was before this start$`),
      );
      const handle = openAgain(prepared);
      try {
        expect(await recordedMigrations(handle)).toEqual(MIGRATIONS.slice(0, next).map((m) => m.name));
        // The version before finds nothing to do, and its data where it left it.
        expect(await migrate(handle, MIGRATIONS.slice(0, next))).toEqual([]);
        expect(await handle.db.selectFrom("contact_messages").select("subject").execute()).toEqual([
          { subject: fixture.message.subject },
        ]);
        expect(await tableExists(handle, blocked.madeLater)).toBe(false);
      } finally {
        await handle.close();
      }
    },
  );
});

async function expectSignIn({ services }: Running, fixture: UpgradeFixture): Promise<void> {
  const client = { ip: "192.0.2.7", userAgent: "upgrade test" };
  const first = await services.signIn(fixture.staff.username, fixture.staff.password, client);
  expect(first).toMatchObject({ kind: "second-factor", methods: ["totp"] });
  if (first.kind !== "second-factor") return;
  // The factor still opens: sealed by the old version (with the fixture's key, or the key it kept in the database).
  expect(await services.factors.useTotp(first.user.id, totpCode(fixture.totpSecret, Date.now()))).toBe(true);
}

async function recordedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  return rows.map((row) => row.name);
}

function openAgain(prepared: PreparedFixture): DatabaseHandle {
  const url = prepared.env.DATABASE_URL;
  return openDatabase({ dataDir: prepared.dataDir, ...(url ? { databaseUrl: url } : {}) });
}

/**
 * Creates a stray table under the name of the second table the failing migration makes, so that it fails after it
 * made its first: both its own work and the record of it must be gone afterwards.
 */
async function blockingTable(prepared: PreparedFixture, failing: string): Promise<{ madeLater: string }> {
  const tables: Record<string, [string, string]> = {
    "014-status-subscriptions": ["status_subscribers", "status_webhooks"],
    "017-probe-locations": ["probe_locations", "probe_results"],
  };
  const [made, stray] = tables[failing] ?? [];
  if (!made || !stray) throw new Error(`no blocking table known for ${failing}`);
  const handle = openAgain(prepared);
  try {
    await sql`create table ${sql.table(stray)} (stray integer)`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return { madeLater: made };
}

async function tableExists(handle: DatabaseHandle, name: string): Promise<boolean> {
  const { rows } =
    handle.dialect === "postgres"
      ? await sql`select 1 from information_schema.tables
          where table_schema = current_schema() and table_name = ${name}`.execute(handle.db)
      : await sql`select 1 from sqlite_master where type = 'table' and name = ${name}`.execute(handle.db);
  return rows.length > 0;
}
