// `npm run bench:monitor -- --probe`: the same fleet checked by a remote
// probe (`scripts/probe.ts`, location "fra") instead of this server: every
// host placed at fra alone, so the server only receives, stores and judges
// what the probe sends. Measured per interval once the first round is in:
// the probe's RSS and CPU per check, and the server's CPU per remote result
// (its CPU over the interval divided by the results it stored meanwhile).
// The probe runs as `npm run probe` runs it: the built bundle in plain Node.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dump } from "js-yaml";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";
import {
  cpuSeconds,
  databaseNumber,
  fleetConfig,
  rssMb,
  startMonitorServer,
  stopProcess,
  watchServer,
} from "./monitor-fleet.ts";
import { waitForUrl } from "./throughput.ts";

const TOKEN = "bench-probe-token-0123456789abcdef";
const LOCATION = { id: "fra", name: "Frankfurt", token: TOKEN };

export type ProbeRow = {
  endpoints: number;
  cycle: number;
  results: number;
  serverCpuMsPerResult: number;
  probeCpuMsPerCheck: number;
  probeRssMb: number;
  serverRssMb: number;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The remote results stored so far. */
const storedResults = (dir: string) =>
  databaseNumber(dir, (db) => {
    const row = db.prepare("SELECT count(*) AS n FROM probe_results WHERE location = ?").get(LOCATION.id) as {
      n: number;
    };
    return row.n;
  });

/**
 * The probe as `npm run probe` runs it (the built bundle, in plain Node with the script's flags): npm's own process
 * is its parent, and what is measured is the probe's, the node process npm runs (its shell execs it).
 */
function startProbe(port: number, dir: string) {
  const args = ["--server", `http://127.0.0.1:${port}`, "--location", LOCATION.id, "--data", join(dir, "probe")];
  // The server is on loopback here, where plain HTTP is what there is.
  const npm = spawn("npm", ["run", "--silent", "probe", "--", ...args, "--insecure-http"], {
    env: { ...process.env, PROBE_TOKEN: TOKEN },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The last lines of its log, for the message when it does not deliver.
  let log = "";
  npm.stdout!.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2_000)));
  return { npm, log: () => log };
}

/** The node process npm started for the probe, once it runs the bundle. */
async function probePid(npm: ChildProcess, log: () => string): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (npm.exitCode !== null) throw new Error(`npm run probe exited (${npm.exitCode}):\n${log()}`);
    for (const pid of childPids(npm.pid!)) {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("build/probe/probe.js")) return pid;
    }
    await pause(200);
  }
  throw new Error(`npm run probe did not start the probe:\n${log()}`);
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export async function measureProbe(options: {
  count: number;
  interval: number;
  cycles: number;
  heap: number;
  port: number;
}): Promise<ProbeRow[]> {
  const { count, interval, cycles, heap, port } = options;
  const fleet = await startSimulatedFleet({ failureShare: 0.005, degradedShare: 0.02 });
  const dir = mkdtempSync(join(tmpdir(), "bench-monitor-probe-"));
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, dump(fleetConfig(count, fleet.url, interval, { locations: [LOCATION] }), { noRefs: true }));
  const server = startMonitorServer({ port, dir, configFile, heap });
  const exited = watchServer(server);
  // Every wait ends the moment the server dies, with its last words.
  const wait = (ms: number) => Promise.race([pause(ms), exited]);
  const rows: ProbeRow[] = [];
  let probe: ReturnType<typeof startProbe> | undefined;
  try {
    await Promise.race([waitForUrl(`http://127.0.0.1:${port}/healthz`, 60_000), exited]);
    // Once the server answers: a probe that finds no server at its start waits for the next fetch of its checks.
    probe = startProbe(port, dir);
    const pid = await probePid(probe.npm, probe.log);
    const firstRound = Date.now() + 2 * interval * 1000;
    while (storedResults(dir) < count) {
      if (Date.now() > firstRound)
        throw new Error(`the probe's first round did not reach the server in time:\n${probe.log()}`);
      if (probe.npm.exitCode !== null) throw new Error(`the probe exited (${probe.npm.exitCode}):\n${probe.log()}`);
      await wait(500);
    }
    let previous = {
      server: cpuSeconds(server.pid!),
      probe: cpuSeconds(pid),
      results: storedResults(dir),
    };
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      let probeRss = 0;
      const end = Date.now() + interval * 1000;
      while (Date.now() < end) {
        probeRss = Math.max(probeRss, rssMb(pid));
        await wait(1_000);
      }
      const now = { server: cpuSeconds(server.pid!), probe: cpuSeconds(pid), results: storedResults(dir) };
      const results = now.results - previous.results;
      rows.push({
        endpoints: count,
        cycle,
        results,
        serverCpuMsPerResult: ((now.server - previous.server) * 1000) / Math.max(1, results),
        probeCpuMsPerCheck: ((now.probe - previous.probe) * 1000) / Math.max(1, results),
        probeRssMb: probeRss,
        serverRssMb: rssMb(server.pid!),
      });
      console.log(JSON.stringify(rows.at(-1)));
      previous = now;
    }
  } finally {
    if (probe) await stopProcess(probe.npm);
    await stopProcess(server);
    await fleet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The local check's figures the remote ones are set beside (monitor.ts measures them in the same run). */
type LocalRow = { endpoints: number; cycle: number; cpuMsPerCheck: number; rssMb: number };

const PROBE_RSS_MB = 80;
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
/** The cycles after the first, when there are more: the first holds the start's one-off work. */
const steady = <T>(rows: T[]) => (rows.length > 1 ? rows.slice(1) : rows);

export function reportProbe({ local, remote, interval }: { local: LocalRow[]; remote: ProbeRow[]; interval: number }) {
  console.log(
    "\n| checked by | endpoints | cycle | server CPU ms per check or result | probe CPU ms per check | " +
      "probe RSS MB | server RSS MB |\n|---|---|---|---|---|---|---|",
  );
  for (const row of local)
    console.log(
      `| this server | ${row.endpoints} | ${row.cycle} | ${row.cpuMsPerCheck.toFixed(3)} | | | ` +
        `${row.rssMb.toFixed(0)} |`,
    );
  for (const row of remote)
    console.log(
      `| probe fra | ${row.endpoints} | ${row.cycle} | ${row.serverCpuMsPerResult.toFixed(3)} | ` +
        `${row.probeCpuMsPerCheck.toFixed(3)} | ${row.probeRssMb.toFixed(0)} | ${row.serverRssMb.toFixed(0)} |`,
    );
  const localCpu = average(steady(local).map((row) => row.cpuMsPerCheck));
  const remoteCpu = average(steady(remote).map((row) => row.serverCpuMsPerResult));
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  const peak = Math.max(...remote.map((row) => row.probeRssMb));
  const endpoints = remote[0]?.endpoints ?? 0;
  console.log(
    `\nTargets for a probe of ${endpoints} endpoints every ${interval} s: its RSS at most ${PROBE_RSS_MB} MB ` +
      `(${peak.toFixed(0)} MB at its peak, as npm run probe runs it: ${mark(peak <= PROBE_RSS_MB)}); ` +
      `the server's CPU per remote result at most ` +
      `its CPU per local check (${remoteCpu.toFixed(3)} ms against ${localCpu.toFixed(3)} ms, ratio remote/local ` +
      `${(remoteCpu / localCpu).toFixed(2)}: ${mark(remoteCpu <= localCpu)}).`,
  );
}
