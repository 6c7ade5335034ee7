// The data directory after start, with the common umask 022 (which would make
// new files world-readable), fresh and left over from an older version.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { migrate } from "./migrate.ts";

const mode = (path: string) => statSync(path).mode & 0o777;

describe("private data directory", () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "private-files-"));
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it("creates the folder 0700 and app.db, -wal and -shm 0600", async () => {
    const dataDir = join(root, "nested", "data");
    const handle = openDatabase({ dataDir });
    await migrate(handle);
    expect(handle.tightened).toEqual([]);
    expect(mode(dataDir)).toBe(0o700);
    for (const file of ["app.db", "app.db-wal", "app.db-shm"]) expect(mode(join(dataDir, file)), file).toBe(0o600);
    await handle.close();
  });

  it("tightens what an older version left readable, and says which", async () => {
    const dataDir = join(root, "data");
    mkdirSync(dataDir, { mode: 0o755 });
    const old = new SQLite(join(dataDir, "app.db"));
    old.pragma("journal_mode = WAL");
    old.exec("create table t (x); insert into t values (1)");
    // Still open: the -wal and -shm files exist, made 0644 under umask 022.
    chmodSync(dataDir, 0o755);
    expect(mode(join(dataDir, "app.db-wal"))).toBe(0o644);
    const handle = openDatabase({ dataDir });
    expect(handle.tightened.sort()).toEqual(
      [dataDir, join(dataDir, "app.db"), join(dataDir, "app.db-shm"), join(dataDir, "app.db-wal")].sort(),
    );
    expect(mode(dataDir)).toBe(0o700);
    for (const file of ["app.db", "app.db-wal", "app.db-shm"]) expect(mode(join(dataDir, file)), file).toBe(0o600);
    old.close();
    await handle.close();
    // The next start has nothing to tighten.
    const again = openDatabase({ dataDir });
    expect(again.tightened).toEqual([]);
    await again.close();
  });
});
