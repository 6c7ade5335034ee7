// The data directories earlier versions wrote (tests/fixtures/data-dirs, made by scripts/make-upgrade-fixture.ts),
// set up for a start of the current code: on SQLite a copy of the directory, on PostgreSQL the version's dump loaded
// into a schema of the test's own.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dialect } from "#server/db/client.ts";
import { dropSchema, uniqueName, withSearchPath } from "./pg-admin.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "data-dirs");

/** What the version wrote, as fixture.json says. */
export type UpgradeFixture = {
  /** The directory's name: the last migration that version had. */
  name: string;
  commit: string;
  schema: string;
  secretsKey: boolean;
  pgSchema: string;
  staff: { username: string; password: string };
  totpSecret: string;
  message: { name: string; email: string; subject: string; message: string };
  incident: { target: string; name: string; summary: string };
  subscriber: string;
  subscribed: boolean;
};

export function upgradeFixtures(): UpgradeFixture[] {
  return readdirSync(FIXTURES).map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(FIXTURES, name, "fixture.json"), "utf8")) as Omit<UpgradeFixture, "name">),
  }));
}

/** The environment a start needs to find the fixture's data; cleanup removes all of it. */
export type PreparedFixture = { env: Record<string, string>; dataDir: string; cleanup: () => Promise<void> };

export async function prepareFixture(fixture: UpgradeFixture, dialect: Dialect): Promise<PreparedFixture> {
  const work = mkdtempSync(join(tmpdir(), "upgrade-"));
  const dataDir = join(work, "data");
  mkdirSync(dataDir, { mode: 0o700 });
  const from = join(FIXTURES, fixture.name);
  // The key is a test-only fixture, named so in the repository; the version wrote it as secrets.key.
  if (fixture.secretsKey) copyFileSync(join(from, "test-only-secrets.key"), join(dataDir, "secrets.key"));
  const monitoring = join(work, "monitoring.yaml");
  writeFileSync(monitoring, "services: []\n");
  const env = { DATA_DIR: dataDir, MONITORING_CONFIG: monitoring, LOG_LEVEL: "silent" };
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  if (dialect === "sqlite") {
    copyFileSync(join(from, "app.db"), join(dataDir, "app.db"));
    return { env, dataDir, cleanup: async () => removeWork() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = uniqueName("upgrade");
  loadDump(url, join(from, "postgres.sql"), fixture.pgSchema, schema);
  return {
    env: { ...env, DATABASE_URL: withSearchPath(url, schema) },
    dataDir,
    cleanup: async () => {
      await dropSchema(url, schema);
      removeWork();
    },
  };
}

/** Runs the version's plain dump through psql (it holds psql's own commands), into the test's schema. */
function loadDump(url: string, file: string, dumped: string, schema: string): void {
  const text = readFileSync(file, "utf8").replaceAll(dumped, schema);
  execFileSync("psql", ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--dbname", url], {
    input: text,
    stdio: ["pipe", "ignore", "pipe"],
  });
}
