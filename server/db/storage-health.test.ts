import { describe, expect, it } from "vitest";
import { createStorageHealth, isNoSpace, StorageFullError, type StorageState } from "./storage-health.ts";

const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isNoSpace", () => {
  it.each([
    ["SQLite's full database or disk", coded("SQLITE_FULL", "database or disk is full"), true],
    ["PostgreSQL's disk_full", coded("53100", "could not extend file"), true],
    ["one already named", new StorageFullError(coded("SQLITE_FULL")), true],
    ["a constraint", coded("SQLITE_CONSTRAINT_UNIQUE"), false],
    ["PostgreSQL's too many connections", coded("53300"), false],
    ["a busy database", coded("SQLITE_BUSY"), false],
    ["an I/O error without a data directory to look at", coded("SQLITE_IOERR_WRITE"), false],
    ["no code", new Error("database or disk is full"), false],
    ["not an error", "SQLITE_FULL", false],
  ])("%s", (_name, error, expected) => {
    expect(isNoSpace(error)).toBe(expected);
  });

  it("takes an I/O error for a full disk only while the data directory's filesystem has no block left", () => {
    // The folder of this test has space: an I/O error there is an I/O error.
    expect(isNoSpace(coded("SQLITE_IOERR_WRITE"), import.meta.dirname)).toBe(false);
  });
});

describe("storage health", () => {
  function health(probe: () => Promise<void> = async () => undefined) {
    const clock = { now: 1_000 };
    const storage = createStorageHealth({ now: () => clock.now, probe, probeMs: 60_000 });
    const changes: [StorageState["status"], StorageState["status"]][] = [];
    storage.onChange((state, previous) => changes.push([previous.status, state.status]));
    return { storage, clock, changes };
  }

  it("turns full on the first write that finds no space, keeps its start, and is told once", () => {
    const { storage, clock, changes } = health();
    expect(storage.observeFailure(coded("SQLITE_BUSY"))).toBe(false);
    expect(storage.state()).toEqual({ status: "ok" });
    expect(storage.observeFailure(coded("SQLITE_FULL", "database or disk is full"))).toBe(true);
    clock.now = 5_000;
    expect(storage.observeFailure(coded("SQLITE_FULL", "again"))).toBe(true);
    expect(storage.state()).toEqual({ status: "full", since: 1_000, error: "again" });
    expect(changes).toEqual([["ok", "full"]]);
    storage.stop();
  });

  it("is ok again after a write reaches the disk, and a write while ok tells nobody", () => {
    const { storage, changes } = health();
    storage.observeWrite();
    storage.observeFailure(coded("SQLITE_FULL"));
    storage.observeWrite();
    storage.observeWrite();
    expect(storage.state()).toEqual({ status: "ok" });
    expect(changes).toEqual([
      ["ok", "full"],
      ["full", "ok"],
    ]);
  });

  it("a probe that fails keeps it full; one that succeeds ends it", async () => {
    let space = false;
    const { storage, changes } = health(async () => {
      if (!space) throw coded("SQLITE_FULL");
    });
    storage.observeFailure(coded("SQLITE_FULL"));
    await storage.probe();
    expect(storage.state().status).toBe("full");
    space = true;
    await storage.probe();
    expect(storage.state()).toEqual({ status: "ok" });
    expect(changes).toEqual([
      ["ok", "full"],
      ["full", "ok"],
    ]);
  });
});
