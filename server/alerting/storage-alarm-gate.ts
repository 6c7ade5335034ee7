// Which process tells staff of a full disk. Every worker of an instance (and
// every instance on one machine) sees the same full disk and would each send
// the alert; the database cannot say who sends, since it cannot be written.
// So the first to create a marker file for this database in the system's
// temporary folder (never the full data directory) tells, and the others stay
// quiet until it has given the all-clear and removed the marker. A marker left
// by a process that died, or older than a day, is taken over. Where no marker
// can be made at all, the process tells: two alerts are better than none.
import { createHash } from "node:crypto";
import { openSync, readFileSync, statSync, unlinkSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processRunning } from "#server/process-running.ts";

const STALE_MS = 86_400_000;

export type TellOnce = {
  /** True when this process is the one to tell (it holds the marker now). */
  claim(): boolean;
  /** Gives the marker back once the all-clear is told. */
  release(): void;
};

/** A marker file may be taken over: its writer is gone, or it is too old to be an episode still told. */
function abandoned(path: string, now: number): boolean {
  try {
    const pid = Number(readFileSync(path, "utf8"));
    return !Number.isInteger(pid) || pid <= 0 || !processRunning(pid) || now - statSync(path).mtimeMs > STALE_MS;
  } catch {
    return true;
  }
}

/** `database` names the database (its folder or URL; only its hash is written); `folder` is for tests. */
export function createTellOnce(database: string, folder = tmpdir()): TellOnce {
  const path = join(folder, `muster-storage-alarm-${createHash("sha256").update(database).digest("hex").slice(0, 16)}`);
  let held = false;

  function create(): "made" | "exists" | "failed" {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return "made";
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EEXIST" ? "exists" : "failed";
    }
  }

  return {
    claim() {
      if (held) return true;
      let made = create();
      if (made === "exists" && abandoned(path, Date.now())) {
        try {
          unlinkSync(path);
        } catch {
          // another process took it over first: it tells
        }
        made = create();
      }
      held = made === "made";
      return made !== "exists";
    },
    release() {
      if (!held) return;
      held = false;
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
