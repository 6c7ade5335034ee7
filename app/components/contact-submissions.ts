// The browser's own count of contact messages (at most 3 per hour per
// browser; the window restarts an hour after its first message). The server
// enforces its own limit; this one answers before a request is made.
import { CONTACT_SUBMISSIONS_KEY } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "./browser-storage.ts";

export const BROWSER_LIMIT = 3;
const WINDOW_MS = 60 * 60_000;

type Record = { count: number; timestamp: number };

function current(now: number): Record {
  try {
    const stored = JSON.parse(readStorage("local", CONTACT_SUBMISSIONS_KEY) ?? "null") as Partial<Record> | null;
    if (
      stored &&
      typeof stored.count === "number" &&
      typeof stored.timestamp === "number" &&
      now - stored.timestamp < WINDOW_MS
    ) {
      return { count: stored.count, timestamp: stored.timestamp };
    }
  } catch {
    // A damaged record counts as none.
  }
  return { count: 0, timestamp: now };
}

export function submissionsLeft(now = Date.now()): number {
  return Math.max(0, BROWSER_LIMIT - current(now).count);
}

export function recordSubmission(now = Date.now()): void {
  const record = current(now);
  writeStorage(
    "local",
    CONTACT_SUBMISSIONS_KEY,
    JSON.stringify({ count: record.count + 1, timestamp: record.timestamp }),
  );
}

/** Time since the page started loading. */
export function pageAgeMs(): number {
  return performance.now();
}
