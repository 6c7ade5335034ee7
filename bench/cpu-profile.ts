// Reads a V8 .cpuprofile (node --cpu-prof) and says where the CPU went
// within a window of time: each part's share of the samples that were not
// idle, a part being a frame anywhere on the sample's stack (inclusive, so
// the parts overlap) or only the sample's own frame, and the functions that
// used the most CPU themselves.
// Shares, unlike seconds, hold when the machine is shared: other engineers'
// work slows every part alike.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/**
 * A part of the check's work: a sample counts for it when a frame on its stack matches, or with `self` only when the
 * sample's own frame does (for code that others' work runs inside, as node's timers run what a timer resumes).
 */
export type ProfilePart = { label: string; matches: (frame: ProfileNode["callFrame"]) => boolean; self?: boolean };

export type ProfileSummary = {
  /** Samples in the window that were not idle. */
  busySamples: number;
  parts: { label: string; share: number }[];
  /** Functions by their own CPU (not their callees'), the largest first. */
  selfTop: { name: string; share: number }[];
};

const frameName = ({ functionName, url, lineNumber }: ProfileNode["callFrame"]) =>
  `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules\/)?/, "")}:${lineNumber + 1}`;

/** The one .cpuprofile V8 wrote into `dir` (the server's; it writes one per process). */
export function readProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile in ${dir}: the server did not exit cleanly`);
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
}

/**
 * The summary of the samples taken between `fromUs` and `toUs` (the monotonic clock in µs, as V8 stamps its
 * samples and as process.hrtime reads it, in any process of the machine).
 */
export function summarizeProfile(
  profile: CpuProfile,
  parts: readonly ProfilePart[],
  fromUs = -Infinity,
  toUs = Infinity,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partCounts = parts.map(() => 0);
  const self = new Map<string, number>();
  let busy = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index]!;
    const node = byId.get(id)!;
    if (time < fromUs || time > toUs || node.callFrame.functionName === "(idle)") return;
    busy += 1;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const hit = parts.map((part) => part.matches(node.callFrame));
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      parts.forEach((part, position) => (hit[position] ||= !part.self && part.matches(frame)));
    }
    hit.forEach((matched, position) => (partCounts[position]! += matched ? 1 : 0));
  });
  const share = (count: number) => (busy > 0 ? count / busy : 0);
  return {
    busySamples: busy,
    parts: parts.map((part, position) => ({ label: part.label, share: share(partCounts[position]!) })),
    selfTop: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, count]) => ({ name, share: share(count) })),
  };
}
