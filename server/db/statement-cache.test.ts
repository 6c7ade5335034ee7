import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

const opened: SQLite.Database[] = [];
afterEach(() => opened.splice(0).forEach((database) => database.open && database.close()));
const open = () => {
  const database = new SQLite(":memory:");
  opened.push(database);
  return database;
};

it("prepares a text once and runs it again and again, with each run's own parameters", () => {
  const database = open();
  const cached = withStatementCache(database);
  database.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  const insert = cached.prepare("INSERT INTO t (v) VALUES (?)");
  expect(cached.prepare("INSERT INTO t (v) VALUES (?)")).toBe(insert);
  for (const value of ["a", "b", "c"]) cached.prepare("INSERT INTO t (v) VALUES (?)").run([value]);
  expect(cached.prepare("SELECT v FROM t ORDER BY id").all([])).toEqual([{ v: "a" }, { v: "b" }, { v: "c" }]);
});

it("keeps at most its bound, the least recently used going first", () => {
  const database = open();
  const cached = withStatementCache(database, 2);
  const one = cached.prepare("SELECT 1");
  const two = cached.prepare("SELECT 2");
  expect(cached.prepare("SELECT 1")).toBe(one); // now the latest used
  cached.prepare("SELECT 3"); // evicts "SELECT 2"
  expect(cached.prepare("SELECT 1")).toBe(one);
  expect(cached.prepare("SELECT 2")).not.toBe(two);
});

it("serves Kysely: transactions, a failed statement and a schema change leave every query right", async () => {
  const database = open();
  const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const v of ["a", "b"]) await trx.insertInto("t").values({ v }).execute();
  });
  await expect(db.insertInto("t").values({ v: "a" }).execute()).rejects.toThrow(/UNIQUE/);
  await sql`ALTER TABLE t ADD COLUMN w TEXT`.execute(db);
  await db.insertInto("t").values({ v: "c" }).execute();
  expect(await db.selectFrom("t").select("v").orderBy("id").execute()).toEqual([{ v: "a" }, { v: "b" }, { v: "c" }]);
  await db.destroy();
  expect(database.open).toBe(false);
});
