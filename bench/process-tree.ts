// A process and its children as /proc shows them: the server's primary and
// its cluster workers, nginx's master and its workers.
import { readdirSync, readFileSync } from "node:fs";

/** A process and its children (cluster workers, nginx's workers). */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command, which may contain spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [pid, ...children];
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU in µs that a process and its children have used (user and system). On a shared machine, CPU per request
 * holds better than requests per second: others' work takes cores away but does not make a request cost more.
 */
export function processCpuUs(pid: number): number {
  let ticks = 0;
  for (const each of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${each}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}
