// Databases for tests: always SQLite (a temporary file), and PostgreSQL when
// TEST_DATABASE_URL is set, each test file in a schema of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type Dialect } from "#server/db/client.ts";
import { PG_MIGRATION_LOCK } from "#server/db/migrate.ts";

export type TestDatabase = {
  dialect: Dialect;
  open: () => Promise<{
    handle: DatabaseHandle;
    /** Another connection to the same database, as a second worker process holds one; closed by cleanup. */
    another: () => DatabaseHandle;
    cleanup: () => Promise<void>;
  }>;
};

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: "sqlite",
      open: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), "db-test-"));
        const handle = openDatabase({ dataDir });
        const others: DatabaseHandle[] = [];
        return {
          handle,
          another: () => {
            const opened = openDatabase({ dataDir });
            others.push(opened);
            return opened;
          },
          cleanup: async () => {
            await Promise.all([handle, ...others].map((opened) => opened.close()));
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      dialect: "postgres",
      open: async () => {
        const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const connect = () => openDatabase({ databaseUrl: url, dataDir: "", searchPath: schema });
        const handle = connect();
        const others: DatabaseHandle[] = [];
        return {
          handle,
          another: () => {
            const opened = connect();
            others.push(opened);
            return opened;
          },
          cleanup: async () => {
            await Promise.all([handle, ...others].map((opened) => opened.close()));
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            // Under the migration lock: another test file's migration reads the catalog of every schema.
            await client.query("begin");
            await client.query("select pg_advisory_xact_lock($1)", [PG_MIGRATION_LOCK]);
            await client.query(`drop schema ${schema} cascade`);
            await client.query("commit");
            await client.end();
          },
        };
      },
    });
  }
  return list;
}
