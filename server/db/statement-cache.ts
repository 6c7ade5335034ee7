// SQLite statements kept prepared by their text. Kysely's SQLite driver
// prepares every query it runs, and preparing (parsing and planning the SQL)
// cost as much of the monitor's CPU as running the statements did: a
// round's writes and the alerting's outbox repeat a few texts thousands of
// times. A statement is used by one query at a time (Kysely runs SQLite's
// queries one after another on its one connection), so one prepared
// statement serves every run of its text.
import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Texts kept at most: a multi-row insert has a text per row count, so bound it; the oldest used goes first. */
const MAX_STATEMENTS = 500;

export function withStatementCache(database: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement)
        statements.delete(text); // re-inserted last: the map's order is the last use
      else statement = database.prepare(text);
      statements.set(text, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
