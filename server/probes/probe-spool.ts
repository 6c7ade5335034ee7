// The probe's results on disk until the server has them: appended as JSON
// lines and synced before they count as kept, so a crash or a kill loses no
// result that was written; acknowledged ones leave (a marker holds the last
// acknowledged sequence number, and the file is rewritten once most of it is
// acknowledged). A line torn by a crash is skipped. Bounded: past the cap the
// oldest are dropped, and counted, rather than filling the disk or memory.
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  mkdirSync,
  existsSync,
  rmSync,
} from "node:fs";
import { join } from "node:path";
import { processRunning } from "#server/process-running.ts";
import type { ProbeResult } from "./probe-protocol.ts";

const RESULTS_FILE = "results.jsonl";
const ACKED_FILE = "acked";
const LOCK_FILE = "probe.pid";
/** Rewrite the file once this many acknowledged lines are in it and they are most of it. */
const COMPACT_AFTER = 5000;

export type SpooledBatch = { results: ProbeResult[]; lastSeq: number };

/** Writes a small file whole or not at all: a temporary file, synced, renamed over the old one. */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

function readText(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/**
 * One probe per data folder: a second would send the same results again and move the first one's marker under it.
 * The folder holds the id of the process that has it; a file whose process is gone (a crash, a kill) is taken over.
 * Answers how to let go of it.
 */
function claimFolder(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readText(path).trim());
    if (holder > 0 && holder !== process.pid && processRunning(holder))
      throw new Error(
        `another probe (process ${holder}) uses this data folder: stop it first, or give this one --data`,
      );
    rmSync(path, { force: true });
  }
  throw new Error(`could not claim the data folder (${path} keeps coming back)`);
}

/** Pending lines are kept as text (a result as an object costs several times its bytes). */
type Entry = { seq: number; line: string };

export function openSpool(dataDir: string, cap: number) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const letGo = claimFolder(dataDir);
  const resultsPath = join(dataDir, RESULTS_FILE);
  const ackedPath = join(dataDir, ACKED_FILE);
  let acked = Number(readText(ackedPath).trim()) || 0;
  const pending: Entry[] = [];
  let lastSeq = acked;
  let linesInFile = 0;
  for (const line of readText(resultsPath).split("\n")) {
    if (line === "") continue;
    let seq: number;
    try {
      seq = (JSON.parse(line) as { seq: number }).seq;
    } catch {
      continue; // torn by a crash while it was written: it never counted as kept
    }
    linesInFile += 1;
    lastSeq = Math.max(lastSeq, seq);
    if (seq > acked) pending.push({ seq, line });
  }
  let dropped = 0;
  // Appending after a torn line would glue the next result to it: start each append on a line of its own.
  let fd = openSync(resultsPath, "a", 0o600);
  writeSync(fd, "\n");

  const markAcked = (seq: number) => {
    acked = seq;
    writeFileAtomic(ackedPath, String(seq));
  };

  const compact = () => {
    closeSync(fd);
    writeFileAtomic(resultsPath, pending.map((entry) => `${entry.line}\n`).join(""));
    fd = openSync(resultsPath, "a", 0o600);
    linesInFile = pending.length;
  };

  return {
    /** Keeps these results (synced to disk before it returns); past the cap the oldest go. */
    append(results: readonly ProbeResult[]): void {
      if (results.length === 0) return;
      const entries = results.map((result) => {
        lastSeq += 1;
        return { seq: lastSeq, line: JSON.stringify({ seq: lastSeq, ...result }) };
      });
      writeSync(fd, entries.map((entry) => `${entry.line}\n`).join(""));
      fsyncSync(fd);
      linesInFile += entries.length;
      pending.push(...entries);
      const over = pending.length - cap;
      if (over > 0) {
        const gone = pending.splice(0, over);
        dropped += gone.length;
        markAcked(gone.at(-1)!.seq);
      }
    },

    /** The oldest results not yet acknowledged: at most `max` of them and about `maxBytes` of JSON. */
    oldest(max: number, maxBytes: number): SpooledBatch | undefined {
      const results: ProbeResult[] = [];
      let bytes = 0;
      let seq = 0;
      for (const entry of pending) {
        if (results.length >= max || (results.length > 0 && bytes + entry.line.length > maxBytes)) break;
        const { seq: _seq, ...result } = JSON.parse(entry.line) as ProbeResult & { seq: number };
        results.push(result);
        bytes += entry.line.length;
        seq = entry.seq;
      }
      return results.length === 0 ? undefined : { results, lastSeq: seq };
    },

    /** The server has every result up to this sequence number: they leave the spool. */
    acknowledge(seq: number): void {
      if (seq <= acked) return;
      let count = 0;
      while (count < pending.length && pending[count]!.seq <= seq) count += 1;
      pending.splice(0, count);
      markAcked(seq);
      const ackedLines = linesInFile - pending.length;
      if (ackedLines >= COMPACT_AFTER && ackedLines > pending.length) compact();
    },

    /** Results waiting for the server. */
    size: () => pending.length,

    /** Results dropped past the cap since the last call (for a log line), and resets the count. */
    takeDropped(): number {
      const count = dropped;
      dropped = 0;
      return count;
    },

    close(): void {
      closeSync(fd);
      letGo();
    },
  };
}

export type Spool = ReturnType<typeof openSpool>;
