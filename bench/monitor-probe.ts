// `npm run bench:monitor -- --probe`: the same fleet checked by a remote
// probe (`scripts/probe.ts`, location "fra") instead of this server: every
// host placed at fra alone, so the server only receives, stores and judges
// what the probe sends. Measured per interval once the first round is in:
// the probe's RSS and CPU per check, and the server's CPU per remote result
// (its CPU over the interval divided by the results it stored meanwhile).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dump } from "js-yaml";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";
import { cpuSeconds, databaseNumber, fleetConfig, rssMb, startMonitorServer, stopProcess } from "./monitor-fleet.ts";
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
  server.stdout!.resume();
  // One process (tsx as a loader, not its CLI, which would run the probe in a child): its RSS is the probe's.
  const probe = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/probe.ts",
      "--server",
      `http://127.0.0.1:${port}`,
      "--location",
      LOCATION.id,
      "--data",
      join(dir, "probe"),
      // The server is on loopback here.
      "--insecure-http",
    ],
    { env: { ...process.env, PROBE_TOKEN: TOKEN }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const rows: ProbeRow[] = [];
  try {
    await waitForUrl(`http://127.0.0.1:${port}/healthz`, 60_000);
    const firstRound = Date.now() + 2 * interval * 1000;
    while (storedResults(dir) < count) {
      if (Date.now() > firstRound) throw new Error(`the probe's first round did not reach the server in time`);
      if (probe.exitCode !== null) throw new Error(`the probe exited (${probe.exitCode})`);
      await pause(500);
    }
    let previous = { server: cpuSeconds(server.pid!), probe: cpuSeconds(probe.pid!), results: storedResults(dir) };
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      let probeRss = 0;
      const end = Date.now() + interval * 1000;
      while (Date.now() < end) {
        probeRss = Math.max(probeRss, rssMb(probe.pid!));
        await pause(1_000);
      }
      const now = { server: cpuSeconds(server.pid!), probe: cpuSeconds(probe.pid!), results: storedResults(dir) };
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
    await stopProcess(probe);
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
  const probeRss = Math.max(...remote.map((row) => row.probeRssMb));
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  const endpoints = remote[0]?.endpoints ?? 0;
  console.log(
    `\nTargets for a probe of ${endpoints} endpoints every ${interval} s: its RSS at most ${PROBE_RSS_MB} MB ` +
      `(${probeRss.toFixed(0)}: ${mark(probeRss <= PROBE_RSS_MB)}); the server's CPU per remote result at most ` +
      `its CPU per local check (${remoteCpu.toFixed(3)} ms against ${localCpu.toFixed(3)} ms, ratio remote/local ` +
      `${(remoteCpu / localCpu).toFixed(2)}: ${mark(remoteCpu <= localCpu)}).`,
  );
}
