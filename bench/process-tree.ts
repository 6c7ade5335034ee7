// A process and its descendants as /proc shows them: the CPU they have used and the memory they hold. A peer
// monitor may run part of its work in child processes (a check type that spawns a tool); counting only the parent
// would flatter it.
import { readdirSync, readFileSync } from "node:fs";
import { CLOCK_TICKS } from "./monitor-fleet.ts";

/** The process and every live descendant, found through each thread's children list. */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index += 1) {
    const parent = found[index]!;
    const threads = listDir(`/proc/${parent}/task`);
    for (const thread of threads) {
      const children = readOptional(`/proc/${parent}/task/${thread}/children`).trim();
      if (children) found.push(...children.split(" ").map(Number));
    }
  }
  return found;
}

/**
 * CPU seconds of the process tree: each process's utime and stime, and cutime and cstime (its children that ended and
 * were waited for), so a child's work is counted whether it is still running or not.
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const stat = readOptional(`/proc/${member}/stat`);
    if (!stat) continue;
    const fields = stat.split(") ")[1]!.split(" ");
    // Fields 14-17 of proc(5) (utime, stime, cutime, cstime), counted here from field 3 (state).
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / CLOCK_TICKS;
}

/** Resident memory of the process tree in MB (VmRSS of each, summed). */
export function treeRssMb(pid: number): number {
  let kb = 0;
  for (const member of processTree(pid)) {
    const line = readOptional(`/proc/${member}/status`)
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    kb += Number(line?.replace(/\D+/g, "") || 0);
  }
  return kb / 1024;
}

/** A /proc directory's entries, or none when the process ended in between (its time went to its parent's). */
function listDir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** A /proc file's text, or "" when the process ended in between. */
function readOptional(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * The CPU in µs that a process and its live children have used (user and system; the server's cluster workers,
 * nginx's workers). On a shared machine, CPU per request holds better than requests per second: others' work takes
 * cores away but does not make a request cost more.
 */
export function processCpuUs(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const stat = readOptional(`/proc/${member}/stat`);
    if (!stat) continue;
    const fields = stat.split(") ")[1]!.split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1_000_000) / CLOCK_TICKS;
}
