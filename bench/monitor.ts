// npm run bench:monitor -- --endpoints 10000 [--cycles 2] [--interval 60] [--heap 128] [--probe] [--profile]
//   [--record-baseline] [--port 3454] [--instances 2]
// Runs the production server against a simulated fleet of N endpoints on
// loopback (15–250 ms latency), every check judged by three conditions, and
// prints per cycle: wall time, checks per second, the server's CPU per check,
// its RSS and heap, the database's growth (the cycles after the first show the
// steady growth), the endpoints checked and the longest gap between two checks
// of one; then the same for N/10, to show how the cost grows. Targets
// at 10,000 endpoints every 60 s: a cycle within 40 s, at most 2 ms of CPU per
// check, RSS at most 300 MB. Then where a check's CPU goes: the parts that run
// without waiting (judging the body, the conditions, the score and state, the
// storage) are timed in this process on the same answers; the request is
// the rest of the server's CPU per check. Figures need an idle machine. The
// server runs with the heap flags `npm start` gives a worker (--heap sets its
// old space); when it dies, the bench stops at once with its last lines.
// Then a check's cost against the floor measured in the same run (wrk's own
// CPU per request over a fresh connection to nginx, monitor-floor.ts) as a
// ratio, with the bytes written and the database's growth per check, beside
// the figures recorded in bench/baselines/monitor.json (a rise past 25 % says
// ROSE; --record-baseline records this run's). With --profile the server
// runs under V8's CPU profiler and its steady cycles are told part by part
// (monitor-profile.ts): shares, which a busy machine distorts far less.
// With --probe (3,000 endpoints unless told): the fleet checked by a remote
// probe instead (monitor-probe.ts; run as npm run probe runs it), its RSS
// and the server's CPU per remote result beside the server's CPU per local
// check, measured in the same run.
// With --instances N (and TEST_DATABASE_URL or DATABASE_URL): N servers on one
// PostgreSQL database share the fleet by leased shards (monitor-instances.ts).
import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { dump } from "js-yaml";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { judgeHealthBody } from "#server/monitor/checks/http-check.ts";
import { createConditionContext, evaluateCondition } from "#server/monitor/conditions/condition-eval.ts";
import { parseCondition } from "#server/monitor/conditions/condition-parser.ts";
import { applyOutcome, initialHostState, type HostState } from "#server/monitor/host-state.ts";
import { createMonitorStore } from "#server/monitor/monitor-store.ts";
import { hostObservation } from "#server/monitor/service-targets.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";
import {
  checksBetween,
  CONDITIONS,
  cpuSeconds,
  databaseMb,
  fleetConfig,
  rssMb,
  startMonitorServer,
  stopProcess,
  watchServer,
  writtenBytes,
} from "./monitor-fleet.ts";
import { reportCheckCost } from "./monitor-baseline.ts";
import { measureFloor } from "./monitor-floor.ts";
import { benchInstances } from "./monitor-instances.ts";
import { reportProfile } from "./monitor-profile.ts";
import { measureProbe, reportProbe } from "./monitor-probe.ts";
import { waitForUrl } from "./throughput.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  const value = inline ? inline.split("=")[1] : index >= 0 ? args[index + 1] : undefined;
  return value ? Number(value) : fallback;
};
const probeMode = args.includes("--probe");
const profiling = args.includes("--profile");
const recordBaseline = args.includes("--record-baseline");
const endpoints = arg("endpoints", probeMode ? 3_000 : 10_000);
const cycles = arg("cycles", 2);
const instances = arg("instances", 0);
const interval = arg("interval", 60);
const heap = arg("heap", 128);
const PORT = arg("port", 3454);
const TARGETS = { wallS: 40, cpuMsPerCheck: 2, rssMb: 300 };
const root = process.cwd();

const load = loadavg();
console.log(`Load average ${load.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min).`);
if (load[0]! > 1)
  console.log("WARNING: the machine is busy; the figures below are pessimistic. Run again when it is idle.");
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});

type Row = {
  endpoints: number;
  cycle: number;
  wallS: number;
  checksPerS: number;
  cpuMsPerCheck: number;
  rssMb: number;
  heapMb: number;
  dbGrowthMb: number;
  /** Bytes the server sent toward the disk in the cycle (the database, its WAL), per check. */
  bytesPerCheck: number;
  /** The database's growth in the cycle, per check. */
  dbBytesPerCheck: number;
  /** Endpoints with a check stored in this cycle, and the longest time between two checks of one of them. */
  checked: number;
  maxGapS: number | null;
  /** When the cycle's end was read: the monotonic clock in µs, as V8 stamps a profile's samples. */
  atUs: number;
};

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** What the server logs at the end of a round (engine-round.ts). */
type CycleLine = { checks: number; ms: number; heapMb: number };
type Reading = { cpu: number; db: number; written: number; at: number };

/** Reads the server's log line by line as it comes. */
function onLines(server: ChildProcess, read: (line: string) => void): void {
  let buffered = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    lines.forEach(read);
  });
}

/** A cycle's row, from the server's line at its end and the readings at its start and end. */
function cycleRow(count: number, cycle: number, entry: CycleLine, previous: Reading, now: Reading, dir: string): Row {
  return {
    endpoints: count,
    cycle,
    wallS: entry.ms / 1000,
    checksPerS: entry.checks / (entry.ms / 1000),
    cpuMsPerCheck: ((now.cpu - previous.cpu) * 1000) / entry.checks,
    rssMb: 0,
    heapMb: entry.heapMb,
    dbGrowthMb: now.db - previous.db,
    bytesPerCheck: (now.written - previous.written) / entry.checks,
    dbBytesPerCheck: ((now.db - previous.db) * 1024 * 1024) / entry.checks,
    ...checksBetween(dir, previous.at, now.at),
    atUs: monotonicUs(),
  };
}

/** The server's cycles on the fleet, one row each, until `cycles` are in; rejects the moment the server dies. */
function readCycles(server: ChildProcess, dir: string, count: number, exited: Promise<never>): Promise<Row[]> {
  const rows: Row[] = [];
  const read = (): Reading => ({
    cpu: cpuSeconds(server.pid!),
    db: databaseMb(dir),
    written: writtenBytes(server.pid!),
    at: Date.now(),
  });
  let previous: Reading | undefined;
  return new Promise<Row[]>((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error("cycles did not finish in time")),
      (cycles + 2) * interval * 1000,
    );
    onLines(server, (line) => {
      // CPU is counted from the moment the engine starts: booting is not checking.
      if (line.includes('"probes: this process runs')) previous = read();
      if (!line.includes('"monitor cycle done"') || !previous) return;
      const now = read();
      const row = cycleRow(count, rows.length + 1, JSON.parse(line) as CycleLine, previous, now, dir);
      rows.push({ ...row, rssMb: rssMb(server.pid!) });
      previous = now;
      const { atUs: _, ...printed } = rows.at(-1)!;
      console.log(JSON.stringify(printed));
      if (rows.length < cycles) return;
      clearTimeout(timeout);
      resolve(rows);
    });
    exited.catch((error: unknown) => (clearTimeout(timeout), reject(error as Error)));
  });
}

async function measure(count: number, profileDir?: string): Promise<Row[]> {
  const fleet = await startSimulatedFleet({ failureShare: 0.005, degradedShare: 0.02 });
  const dir = mkdtempSync(join(tmpdir(), "bench-monitor-"));
  const configFile = join(dir, "monitoring.yaml");
  // One copy of the conditions per host: an alias for each would be refused as a "billion laughs" file.
  writeFileSync(configFile, dump(fleetConfig(count, fleet.url, interval), { noRefs: true }));
  const server = startMonitorServer({ port: PORT, dir, configFile, heap, profileDir });
  const exited = watchServer(server);
  try {
    const cycleRows = readCycles(server, dir, count, exited);
    await Promise.race([waitForUrl(`http://127.0.0.1:${PORT}/healthz`, 60_000), exited]);
    return await cycleRows;
  } finally {
    await stopProcess(server);
    await fleet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds of CPU per item of `work`, run over `items` (warmed up first). */
function perItem<T>(items: readonly T[], work: (item: T, index: number) => void): number {
  items.forEach(work);
  const started = process.cpuUsage();
  for (let round = 0; round < 3; round += 1) items.forEach(work);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / (items.length * 3);
}

/** The parts of a check that run without waiting, timed on answers like the fleet's. */
async function breakdown(count: number): Promise<Record<string, number>> {
  const config = parseMonitoringConfig(
    dump(
      fleetConfig(count, (service, host) => `http://fleet.test/${service}/${host}`, interval),
      { noRefs: true },
    ),
    {},
  );
  const conditions = CONDITIONS.map((text) => {
    const parsed = parseCondition(text);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.condition;
  });
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ status: i % 50 === 0 ? "degraded" : "healthy", uptime: 1000 + i }),
  );
  const circuit = { failures: 5 };
  const outcome = { status: "healthy" as const, responseTime: 80, errorMessage: null, retryAttempt: 0, basic: false };
  const states: HostState[] = [];
  const figures = {
    body: perItem(bodies, (body) => judgeHealthBody(body)),
    conditions: perItem(bodies, (body) => {
      const context = createConditionContext({ status: 200, responseTimeMs: 80, body, connected: true });
      for (const condition of conditions) evaluateCondition(condition, context);
    }),
    "score and state": perItem(bodies, (_, index) => {
      const service = config.services[index >> 1]!;
      states[index] = applyOutcome(initialHostState(index % 2 ? "local" : "centron"), outcome, Date.now(), circuit);
      hostObservation(service, config.defaults, index % 2 ? "local" : "centron", states[index]!);
    }),
    storage: 0,
  };
  const dir = mkdtempSync(join(tmpdir(), "bench-monitor-store-"));
  const database = openDatabase({ dataDir: dir });
  try {
    await migrate(database);
    const store = createMonitorStore(database.db);
    const ids = await store.endpointIds(
      states.map((_, index) => ({ serviceId: `svc-${index >> 1}`, host: index % 2 ? "local" : "centron" })),
    );
    const saved = new Map(
      states.map((state, index) => [ids.get(`svc-${index >> 1}/${index % 2 ? "local" : "centron"}`)!, state]),
    );
    const time = Date.now();
    const save = async (round: number) => {
      const at = time + round * interval * 1000;
      await store.saveCycle(
        saved,
        [...saved.keys()].map((endpointId) => ({
          endpointId,
          checkedAt: at,
          status: "healthy" as const,
          responseTime: 80,
        })),
        at,
      );
    };
    await save(0);
    const started = process.cpuUsage();
    for (let round = 1; round <= 3; round += 1) await save(round);
    const used = process.cpuUsage(started);
    figures.storage = (used.user + used.system) / 1000 / (count * 3);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** The fleet checked by this server: N/10 and N endpoints, the targets, and where a check's CPU goes. */
async function benchLocal(): Promise<void> {
  const small = await measure(Math.max(2, Math.round(endpoints / 10)));
  const profileDir = profiling ? mkdtempSync(join(tmpdir(), "bench-monitor-profile-")) : undefined;
  const large = await measure(endpoints, profileDir);
  console.log(
    `\nEvery check judged by ${CONDITIONS.length} conditions (${CONDITIONS.join(", ")}); interval ${interval} ` +
      `s; heap cap ${heap || "none"}.`,
  );
  console.log(
    "\n| endpoints | cycle | wall s | checks/s | CPU ms per check | RSS MB | heap MB | DB growth MB | " +
      "endpoints checked | longest gap s |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const row of [...small, ...large]) {
    console.log(
      `| ${row.endpoints} | ${row.cycle} | ${row.wallS.toFixed(1)} | ${row.checksPerS.toFixed(0)} | ` +
        `${row.cpuMsPerCheck.toFixed(2)} | ${row.rssMb.toFixed(0)} | ${row.heapMb} | ${row.dbGrowthMb.toFixed(2)} | ` +
        `${row.checked} | ${row.maxGapS?.toFixed(1) ?? "(first)"} |`,
    );
  }
  const steady = large.slice(1);
  const last = large.at(-1)!;
  const worst = {
    wallS: Math.max(...large.map((row) => row.wallS)),
    cpu: Math.max(...large.map((row) => row.cpuMsPerCheck)),
    rss: Math.max(...large.map((row) => row.rssMb)),
    gapS: Math.max(0, ...large.map((row) => row.maxGapS ?? 0)),
    unchecked: Math.max(...large.map((row) => row.endpoints - row.checked)),
  };
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(
    `\nTargets for ${endpoints} endpoints every ${interval} s: a cycle within ${TARGETS.wallS} s ` +
      `(${worst.wallS.toFixed(1)}: ${mark(worst.wallS <= TARGETS.wallS)}), ` +
      `at most ${TARGETS.cpuMsPerCheck} ms of CPU per check (${worst.cpu.toFixed(2)}: ` +
      `${mark(worst.cpu <= TARGETS.cpuMsPerCheck)}), ` +
      `RSS at most ${TARGETS.rssMb} MB (${worst.rss.toFixed(0)}: ${mark(worst.rss <= TARGETS.rssMb)}), ` +
      `every endpoint checked every cycle (at most ${worst.unchecked} missing: ${mark(worst.unchecked === 0)}) ` +
      `with no gap above ${interval + 1} s (${worst.gapS.toFixed(1)}: ${mark(worst.gapS <= interval + 1)}).`,
  );
  if (steady.length > 0)
    console.log(
      `Steady database growth per cycle after the first: ` +
        `${(steady.reduce((sum, row) => sum + row.dbGrowthMb, 0) / steady.length).toFixed(2)} MB.`,
    );

  const parts = await breakdown(endpoints);
  const measured = Object.values(parts).reduce((sum, ms) => sum + ms, 0);
  console.log(
    "\nWhere a check's CPU goes (µs per check; the request is the server's CPU per " +
      "check less the parts timed here):\n| part | µs | share |\n|---|---|---|",
  );
  const total =
    steady.length > 0 ? steady.reduce((sum, row) => sum + row.cpuMsPerCheck, 0) / steady.length : last.cpuMsPerCheck;
  const rows: [string, number][] = [
    ["request (connect, send, receive, read the body) and the rest", Math.max(0, total - measured)],
    ...Object.entries(parts),
  ];
  const share = (ms: number) => `${((ms / total) * 100).toFixed(ms / total < 0.01 ? 1 : 0)} %`;
  for (const [part, ms] of rows) console.log(`| ${part} | ${(ms * 1000).toFixed(1)} | ${share(ms)} |`);
  console.log(`| whole check (server, steady cycles) | ${(total * 1000).toFixed(1)} | 100 % |`);
  if (profileDir) reportProfile(profileDir, large[0]!.atUs, last.atUs);
  await reportCost(steady.length > 0 ? steady : large);
}

/** The steady cycles' CPU and bytes per check, beside the floor measured now and the recorded figures. */
async function reportCost(rows: readonly Row[]): Promise<void> {
  const mean = (read: (row: Row) => number) => rows.reduce((sum, row) => sum + read(row), 0) / rows.length;
  const floor = await measureFloor();
  const cpuMsPerCheck = mean((row) => row.cpuMsPerCheck);
  reportCheckCost(
    {
      endpoints,
      cpuMsPerCheck,
      ...("missing" in floor ? {} : { floorRatio: cpuMsPerCheck / floor.cpuMsPerRequest }),
      bytesWrittenPerCheck: mean((row) => row.bytesPerCheck),
      dbBytesPerCheck: mean((row) => row.dbBytesPerCheck),
    },
    floor,
    recordBaseline,
  );
}

/** The fleet checked by a remote probe, beside the same fleet checked by this server. */
async function benchProbe(): Promise<void> {
  const local = await measure(endpoints);
  const remote = await measureProbe({ count: endpoints, interval, cycles, heap, port: PORT });
  reportProbe({ local, remote, interval });
}

/** Several servers on one PostgreSQL database, sharing the fleet by leased shards. */
async function benchShared(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("--instances needs PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL to a postgres:// URL");
  const shards = arg("shards", 16);
  await benchInstances({ url, count: endpoints, instances, shards, interval, cycles, heap, port: PORT });
}

try {
  await (instances > 0 ? benchShared() : probeMode ? benchProbe() : benchLocal());
} catch (error) {
  // At once, with the server's own words when it died: its waits (polling for it to answer) would hold the process.
  console.error(`\nbench:monitor stopped: ${(error as Error).message}`);
  process.exit(1);
}
