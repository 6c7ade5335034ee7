// Shared by the monitor's sequence tests (alert-*-sequences, dependency-sequences): a fresh database for each test.
import { afterEach, beforeEach } from "vitest";

/** A fresh database for each test, opened by `open` (one of testDatabases()). */
export function useDatabase<Handle>(open: () => Promise<{ handle: Handle; cleanup: () => Promise<void> }>) {
  let handle: Handle;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
  });
  afterEach(() => cleanup());
  return {
    get handle() {
      return handle;
    },
  };
}
