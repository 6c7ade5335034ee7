// What a check costs, against the figures recorded in
// bench/baselines/monitor.json: the server's CPU per check beside the
// floor of the same run (monitor-floor.ts) as a ratio, the bytes it sends
// toward the disk per check and the database's growth per check. A later
// run more than a margin above the recorded figure says "ROSE" in capitals,
// so a rise is caught; `--record-baseline` writes this run's figures as the
// new record. CPU figures are this machine's and its load's: the ratio to
// the floor, measured in the same run, is the steadier of the two.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import type { Floor } from "./monitor-floor.ts";

const BASELINE_FILE = join(process.cwd(), "bench/baselines/monitor.json");
/** A rise beyond this share of the recorded figure is reported. */
const MARGIN = 0.25;

/** A check's cost in the steady cycles of one run. */
export type CheckCost = {
  endpoints: number;
  cpuMsPerCheck: number;
  /** The server's CPU per check divided by the floor's CPU per request (absent without the floor). */
  floorRatio?: number;
  bytesWrittenPerCheck: number;
  dbBytesPerCheck: number;
};

type Baseline = CheckCost & { recordedAt: string; loadAverage: number; note: string };

const FIGURES = [
  ["cpuMsPerCheck", "CPU ms per check"],
  ["floorRatio", "CPU per check / floor"],
  ["bytesWrittenPerCheck", "bytes written per check"],
  ["dbBytesPerCheck", "database growth, bytes per check"],
] as const;

function readBaseline(): Baseline | undefined {
  if (!existsSync(BASELINE_FILE)) return undefined;
  return JSON.parse(readFileSync(BASELINE_FILE, "utf8")) as Baseline;
}

/** Each figure beside the recorded one, with a ROSE warning past the margin. */
function compareWithBaseline(cost: CheckCost, baseline: Baseline): void {
  console.log(
    `\nAgainst the figures recorded on ${baseline.recordedAt} (${baseline.endpoints} endpoints, load ` +
      `${baseline.loadAverage.toFixed(1)}; a rise of more than ${MARGIN * 100} % is reported):\n` +
      "| figure | recorded | now | change |\n|---|---|---|---|",
  );
  const risen: string[] = [];
  for (const [key, label] of FIGURES) {
    const recorded = baseline[key];
    const now = cost[key];
    if (recorded === undefined || now === undefined) continue;
    const change = recorded > 0 ? now / recorded - 1 : 0;
    const percent = `${change >= 0 ? "+" : ""}${(change * 100).toFixed(0)} %`;
    if (change > MARGIN) risen.push(`${label} ROSE by ${percent}`);
    console.log(`| ${label} | ${recorded.toFixed(3)} | ${now.toFixed(3)} | ${percent} |`);
  }
  if (baseline.endpoints !== cost.endpoints)
    console.log(`(recorded at ${baseline.endpoints} endpoints, measured at ${cost.endpoints}: compare with care)`);
  for (const line of risen) console.log(`WARNING: ${line} above the recorded figure.`);
  if (risen.length === 0) console.log("No figure rose past the margin.");
}

/** Prints the check's cost beside the floor and the record; with `record`, writes it as the new record. */
export function reportCheckCost(cost: CheckCost, floor: Floor | { missing: string }, record: boolean): void {
  const target = 0.3;
  console.log(
    `\nA check's cost (steady cycles, ${cost.endpoints} endpoints): ${cost.cpuMsPerCheck.toFixed(3)} ms of server ` +
      `CPU (target at most ${target} ms: ${cost.cpuMsPerCheck <= target ? "met" : "NOT met"}), ` +
      `${cost.bytesWrittenPerCheck.toFixed(0)} bytes written toward the disk, ` +
      `${cost.dbBytesPerCheck.toFixed(0)} bytes of database growth.`,
  );
  if ("missing" in floor) console.log(`The floor was not measured: ${floor.missing}.`);
  else
    console.log(
      `The floor, same run: wrk (C, Connection: close) against nginx, ${floor.cpuMsPerRequest.toFixed(3)} ms of ` +
        `client CPU per request over ${floor.requests} requests; ours / floor = ${cost.floorRatio!.toFixed(1)}.`,
    );
  const baseline = readBaseline();
  if (baseline) compareWithBaseline(cost, baseline);
  else console.log(`No recorded figures yet: run with --record-baseline to record these.`);
  if (!record) return;
  const recorded: Baseline = {
    ...cost,
    recordedAt: new Date().toISOString().slice(0, 10),
    loadAverage: loadavg()[0]!,
    note: "npm run bench:monitor -- --record-baseline; CPU figures are this machine's and its load's",
  };
  mkdirSync(dirname(BASELINE_FILE), { recursive: true });
  writeFileSync(BASELINE_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`Recorded as the new baseline (bench/baselines/monitor.json).`);
}
