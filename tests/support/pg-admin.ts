// Statements outside the database under test, on PostgreSQL: schemas and databases of a test's own.
import pg from "pg";
import { PG_MIGRATION_LOCK } from "#server/db/migrate.ts";

export async function pgQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A name no other test file or run takes. */
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

/** Under the migration lock, as tests/support/test-databases.ts drops schemas: other files' migrations read them. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  await pgQuery(
    url,
    "begin",
    `select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`,
    `drop schema if exists ${schema} cascade`,
    "commit",
  );
}

/** A connection URL whose sessions work in the given schema. */
export function withSearchPath(url: string, schema: string): string {
  // Encoded by hand: URLSearchParams would write the space as "+", which pg reads literally.
  return `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}
