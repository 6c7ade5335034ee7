// Whether the database can still write: a full disk surfaces as an error of
// whatever write comes next (a contact message, a lease, a check result), so
// the state is kept here, beside the database, and every part asks the same
// question. Set when a write fails for lack of space; cleared when a write
// succeeds again. While it is set, a small probe write runs every few seconds,
// so the server notices space coming back even when nobody writes.
import { statfsSync } from "node:fs";

/** How often the probe tries a write while writes fail. */
export const STORAGE_PROBE_MS = 5_000;
/** What a refused writer is told to wait: a few probes' time. */
export const STORAGE_RETRY_AFTER_SECONDS = 15;

/**
 * A write failed for lack of space: what the database threw, under one name that the parts answering visitors can
 * catch (503 and "try again", never 500). The driver's code stays readable on it.
 */
export class StorageFullError extends Error {
  readonly code: string | undefined;

  constructor(cause: unknown) {
    super(`No space left for the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageFullError";
    this.code = errorCode(cause);
  }
}

export type StorageState = { status: "ok" } | { status: "full"; since: number; error: string };

export type StorageListener = (state: StorageState, previous: StorageState) => void;

// SQLite reports a write that found no space as SQLITE_FULL; a few of its I/O errors (growing the WAL's index, an
// fsync) are what the same full disk looks like elsewhere, told apart by the filesystem being full. PostgreSQL:
// SQLSTATE 53100, disk_full.
const SQLITE_IO_ERROR = /^SQLITE_IOERR/;
const POSTGRES_DISK_FULL = "53100";

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** True when the filesystem holding `dir` has no block left for an ordinary user's write. */
export function filesystemFull(dir: string): boolean {
  try {
    return statfsSync(dir).bavail === 0;
  } catch {
    return false;
  }
}

/** Whether a database error means that a write found no space; `dataDir` tells an I/O error apart. */
export function isNoSpace(error: unknown, dataDir?: string): boolean {
  if (error instanceof StorageFullError) return true;
  const code = errorCode(error);
  if (code === "SQLITE_FULL" || code === POSTGRES_DISK_FULL) return true;
  if (code && SQLITE_IO_ERROR.test(code)) return dataDir !== undefined && filesystemFull(dataDir);
  return false;
}

export type StorageHealthOptions = {
  now: () => number;
  /** The probe: one small write; it throws as any write would. */
  probe: () => Promise<void>;
  /** Where SQLite's files are (undefined on PostgreSQL). */
  dataDir?: string;
  probeMs?: number;
};

export function createStorageHealth(options: StorageHealthOptions) {
  let state: StorageState = { status: "ok" };
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<StorageListener>();

  function change(next: StorageState): void {
    const previous = state;
    state = next;
    if (next.status === "full" && !timer) {
      timer = setInterval(() => void probeOnce(), options.probeMs ?? STORAGE_PROBE_MS);
      timer.unref();
    }
    if (next.status === "ok" && timer) {
      clearInterval(timer);
      timer = undefined;
    }
    for (const listener of listeners) listener(next, previous);
  }

  async function probeOnce(): Promise<void> {
    try {
      await options.probe();
      // A successful probe has already cleared the state through the watched database; this covers a probe that
      // does not pass through it.
      if (state.status === "full") change({ status: "ok" });
    } catch (error) {
      observeFailure(error);
    }
  }

  /** A failed query: true when it failed for lack of space (and the state says so from now on). */
  function observeFailure(error: unknown): boolean {
    if (!isNoSpace(error, options.dataDir)) return false;
    const message = error instanceof Error ? error.message : String(error);
    if (state.status === "full") state = { ...state, error: message };
    else change({ status: "full", since: options.now(), error: message });
    return true;
  }

  return {
    state: (): StorageState => state,
    /** A write was committed: there is space again. */
    observeWrite(): void {
      if (state.status === "full") change({ status: "ok" });
    },
    observeFailure,
    /** Told on every change between ok and full; returns how to stop listening. */
    onChange(listener: StorageListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Probes now (tests, and a caller that wants to know before waiting for the timer). */
    probe: probeOnce,
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;
