// The memory a server of several processes holds, three ways:
// - summed RSS: each process's resident pages added up. Pages the processes
//   share (the node binary's code, about 50 MB, and the libraries) are counted
//   once per process, so three Node processes count the binary three times.
// - summed PSS: each shared page split between the processes that map it,
//   including processes outside the server (another node on the machine).
// - resident: the distinct physical pages mapped by any of the server's
//   processes, each counted once: what the server occupies in RAM. It reads
//   the page frames from /proc/<pid>/pagemap, which the kernel shows only to
//   root (CAP_SYS_ADMIN); elsewhere it is undefined.
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { processTree } from "./process-tree.ts";

const PAGE = 4096;
const PRESENT = 1n << 63n;
const FRAME = (1n << 55n) - 1n;

export type ServerMemory = { rssMb: number; pssMb: number; residentMb: number | undefined };

/** Adds the frames of every present page of the process to `frames`; false when the kernel hides them. */
function addFrames(pid: number, frames: Set<bigint>): boolean {
  const ranges: [number, number][] = [];
  let range: [number, number] | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (head) range = [parseInt(head[1]!, 16), parseInt(head[2]!, 16)];
    else if (range && line.startsWith("Rss:") && Number(line.split(/\s+/)[1]) > 0) ranges.push(range);
  }
  const fd = openSync(`/proc/${pid}/pagemap`, "r");
  let visible = false;
  try {
    for (const [start, end] of ranges) {
      const entries = Buffer.alloc(((end - start) / PAGE) * 8);
      readSync(fd, entries, 0, entries.length, (start / PAGE) * 8);
      for (let at = 0; at < entries.length; at += 8) {
        const entry = entries.readBigUInt64LE(at);
        if (!(entry & PRESENT)) continue;
        const frame = entry & FRAME;
        if (frame) visible = true;
        frames.add(frame);
      }
    }
  } finally {
    closeSync(fd);
  }
  return visible;
}

export function serverMemory(pid: number): ServerMemory {
  let rssKb = 0;
  let pssKb = 0;
  const frames = new Set<bigint>();
  let framesVisible = true;
  for (const each of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, "utf8");
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      if (framesVisible) framesVisible = addFrames(each, frames);
    } catch {
      // gone meanwhile
    }
  }
  return {
    rssMb: rssKb / 1024,
    pssMb: pssKb / 1024,
    residentMb: framesVisible ? (frames.size * PAGE) / 1048576 : undefined,
  };
}
