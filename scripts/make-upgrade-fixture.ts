// Makes a fixture for the upgrade test (server/db/upgrade.integration.test.ts): a data directory written by this
// version of the product, with one of each kind of record an upgrade must keep.
//
// It runs in a checkout of the version to keep, through that version's own start (its migrations, its sealing of
// second factors), so it imports only what every version since 013-second-factors has. At each release:
//   git worktree add --detach /tmp/old <release commit> && ln -s "$PWD/node_modules" /tmp/old/node_modules
//   cp scripts/make-upgrade-fixture.ts /tmp/old/scripts/ && cd /tmp/old
//   npx tsx scripts/make-upgrade-fixture.ts <repo>/tests/fixtures/data-dirs/<its last migration> [postgres URL]
// then remove the worktree. With a PostgreSQL URL the same records go into a fresh schema, dumped as postgres.sql.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { bootServices } from "#server/boot.ts";
import { parseConfig } from "#server/config.ts";
import { MIGRATIONS } from "#server/db/migrate.ts";

/** The schema the PostgreSQL records are written to; the test loads the dump into a schema of its own. */
const PG_SCHEMA = "upgrade_fixture";
const AT = Date.parse("2026-01-05T09:00:00Z");

/** What the test looks for, written beside the data as fixture.json. */
const RECORDS = {
  staff: { username: "fixture-owner", password: "a fixture passphrase kept in the repository" },
  // A TOTP secret in base32 (RFC 4648), as the enrolment makes one: the test computes its codes.
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  message: { name: "Erika Muster", email: "erika@example.com", subject: "Upgrade fixture", message: "Kept, please." },
  incident: { target: "fixture:web", name: "Web", summary: "is unhealthy" },
  subscriber: "subscriber@example.com",
};

type Booted = Awaited<ReturnType<typeof bootServices>>;

async function writeRecords({ services }: Booted): Promise<{ subscribed: boolean }> {
  const db = services.database.db;
  const owner = await services.staff.create(RECORDS.staff.username, RECORDS.staff.password, "owner");
  await services.factors.addTotp(owner.id, "phone", RECORDS.totpSecret, 0);
  const { message } = RECORDS;
  await db
    .insertInto("contact_messages")
    .values({ ...message, received_at: AT, language: "de", ip_hash: "fixture", spam: 0 })
    .execute();
  await db
    .insertInto("incidents")
    .values({
      ...RECORDS.incident,
      source: "service",
      group_key: "fixture",
      group_name: "Fixture",
      label: "",
      severity: "critical",
      opened_at: AT,
    })
    .execute();
  // Status page subscriptions came with 014: a version before it has none to keep.
  const subscribed = MIGRATIONS.some((migration) => migration.name === "014-status-subscriptions");
  if (subscribed) await insertSubscriber(db);
  return { subscribed };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is that of the version running this
async function insertSubscriber(db: any): Promise<void> {
  const consent = { consent_version: "2026-01", consent_requested_at: AT, consent_requested_ip: "fixture" };
  await db
    .insertInto("status_subscribers")
    .values({
      email: RECORDS.subscriber,
      language: "de",
      confirmed_at: AT,
      confirmed_ip: "fixture",
      ...consent,
      requested_at: AT,
      requested_ip: "fixture",
      requested_language: "de",
      requested_consent_version: "2026-01",
      confirm_sent_at: AT,
      confirm_expires_at: AT,
      nonce: "fixture-nonce",
    })
    .execute();
}

async function runOnce(env: Record<string, string>): Promise<{ subscribed: boolean }> {
  const running = await bootServices(parseConfig({ LOG_LEVEL: "warn", ...env }));
  try {
    return await writeRecords(running);
  } finally {
    await running.stop();
  }
}

async function freshSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${PG_SCHEMA} cascade`);
  await client.query(`create schema ${PG_SCHEMA}`);
  await client.end();
}

async function main(out: string, postgresUrl: string | undefined): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "upgrade-fixture-"));
  const dataDir = join(work, "data");
  const monitoring = join(work, "monitoring.yaml");
  writeFileSync(monitoring, "services: []\n");
  const env = { DATA_DIR: dataDir, MONITORING_CONFIG: monitoring };
  const { subscribed } = await runOnce(env);
  // The start closed the database: its write-ahead log is folded into app.db, which alone holds the data.
  if (existsSync(join(dataDir, "app.db-wal")) && statSync(join(dataDir, "app.db-wal")).size > 0)
    throw new Error("app.db-wal is not empty after the stop: app.db alone would miss records");
  mkdirSync(out, { recursive: true });
  copyFileSync(join(dataDir, "app.db"), join(out, "app.db"));
  // Versions that seal second factors with a key outside the database made one here: PostgreSQL's run uses it too.
  const key = existsSync(join(dataDir, "secrets.key"));
  if (key) copyFileSync(join(dataDir, "secrets.key"), join(out, "test-only-secrets.key"));
  if (postgresUrl) {
    await freshSchema(postgresUrl);
    const options = encodeURIComponent(`-c search_path=${PG_SCHEMA}`);
    await runOnce({ ...env, DATABASE_URL: `${postgresUrl}${postgresUrl.includes("?") ? "&" : "?"}options=${options}` });
    const dump = ["--schema", PG_SCHEMA, "--no-owner", "--no-privileges", "--inserts", "--file"];
    execFileSync("pg_dump", [...dump, join(out, "postgres.sql"), postgresUrl]);
  }
  const commit = execFileSync("git", ["rev-parse", "HEAD"]).toString().trim();
  const schema = MIGRATIONS.at(-1)!.name;
  const manifest = { commit, schema, secretsKey: key, pgSchema: PG_SCHEMA, ...RECORDS, subscribed };
  writeFileSync(join(out, "fixture.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  console.log(`Wrote the fixture of ${commit} (${schema}) to ${out}`);
}

const [out, postgresUrl] = process.argv.slice(2);
if (!out) throw new Error("usage: tsx scripts/make-upgrade-fixture.ts <out-dir> [postgres URL]");
await main(resolve(out), postgresUrl);
