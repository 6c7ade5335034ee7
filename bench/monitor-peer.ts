// npm run bench:peer -- --kuma <uptime-kuma-dir> [--endpoints 3000] [--window 60] [--settle 240] [--port 3454]
//   [--kuma-port 3455]
// Our monitor's CPU per check beside Uptime Kuma's, in one run, on the same simulated fleet (loopback, 15-250 ms
// latency, now and then degraded or failing). First Kuma (its production server from a checkout where `npm ci` and
// `npm run build` ran; uptime-kuma.ts): a fresh data directory, one HTTP monitor per endpoint at 60 s as its form
// makes them, then, once every monitor has been checked twice (at its creation and an interval later), one window.
// Then ours (the production server as bench:monitor starts it, its default heap, every check judged by the three
// conditions bench:monitor uses): one window after its first full cycle. A window counts the CPU of the process and
// its children (/proc utime+stime), the checks the fleet received in it (the same count for both) and the peak RSS.
// Each monitor runs --settle seconds more (240 unless told) before its window: in the first minutes both spend
// more per check (Kuma 5.4-5.5 ms a check one interval after its monitors were added, 4.5-5.0 four minutes later).
// Prints both, the ratio ours/Kuma and the target (at most 0.25), with the load at each window. Decision 062.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dump } from "js-yaml";
import { startSimulatedFleet, type SimulatedFleet } from "#scripts/simulated-fleet.ts";
import { fleetConfig, ProcessExited, startMonitorServer, stopProcess, watchServer } from "./monitor-fleet.ts";
import { measureWindow, settle, waitForChecks, type PeerWindow } from "./peer-window.ts";
import { waitForUrl } from "./throughput.ts";
import { addKumaMonitors, checkKumaDir, kumaVersion, startKuma } from "./uptime-kuma.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  const index = args.indexOf(`--${name}`);
  return inline ? inline.slice(name.length + 3) : index >= 0 ? args[index + 1] : undefined;
};
const numberOption = (name: string, fallback: number) => Number(option(name) ?? fallback);
const endpoints = numberOption("endpoints", 3_000);
const windowS = numberOption("window", 60);
const settleS = numberOption("settle", 240);
const PORT = numberOption("port", 3454);
const KUMA_PORT = numberOption("kuma-port", 3455);
/** Both monitors check every endpoint this often: Kuma's form default, and the acceptance text's. */
const INTERVAL_S = 60;
/** Ours/Kuma's CPU per check the acceptance text asks for. */
const TARGET_RATIO = 0.25;
const root = process.cwd();

/** The fleet's endpoints, in the order fleetConfig lists them (two hosts a service). */
function endpointUrls(fleet: SimulatedFleet): string[] {
  const urls = Array.from({ length: Math.ceil(endpoints / 2) }, (_, i) => [
    fleet.url(`svc-${i}`, "centron"),
    fleet.url(`svc-${i}`, "local"),
  ]);
  return urls.flat().slice(0, endpoints);
}

async function measureKuma(kumaDir: string, fleet: SimulatedFleet): Promise<PeerWindow> {
  const { server, dataDir } = startKuma(kumaDir, KUMA_PORT);
  const exited = watchServer(server, "Uptime Kuma");
  try {
    await Promise.race([waitForUrl(`http://127.0.0.1:${KUMA_PORT}/setup-database-info`, 120_000), exited]);
    const from = fleet.checksReceived();
    const started = Date.now();
    await Promise.race([addKumaMonitors(kumaDir, KUMA_PORT, endpointUrls(fleet)), exited]);
    const addedS = (Date.now() - started) / 1000;
    console.log(`Uptime Kuma: ${endpoints} monitors added in ${addedS.toFixed(0)} s; waiting for their second checks.`);
    // A monitor checks at once when added and then an interval after each check ends: 2N means every timer runs.
    await waitForChecks({
      received: fleet.checksReceived,
      from,
      checks: 2 * endpoints,
      timeoutMs: (addedS + 3 * INTERVAL_S) * 1000,
      what: "Uptime Kuma's checks did not get under way",
      exited,
    });
    await settle(settleS, exited);
    return await measureWindow({ pid: server.pid!, received: fleet.checksReceived, seconds: windowS, exited });
  } catch (error) {
    if (error instanceof ProcessExited)
      throw new Error(`${error.message}\nStart it by hand to see why: cd ${kumaDir} && node server/server.js`, {
        cause: error,
      });
    throw error;
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureOurs(fleet: SimulatedFleet): Promise<PeerWindow> {
  const dir = mkdtempSync(join(tmpdir(), "bench-peer-"));
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, dump(fleetConfig(endpoints, fleet.url, INTERVAL_S), { noRefs: true }));
  // The production log level: bench:monitor's debug lines are not what a server in production writes.
  const server = startMonitorServer({ port: PORT, dir, configFile, heap: 128, env: { LOG_LEVEL: "info" } });
  const exited = watchServer(server);
  try {
    await Promise.race([waitForUrl(`http://127.0.0.1:${PORT}/healthz`, 60_000), exited]);
    await waitForChecks({
      received: fleet.checksReceived,
      from: fleet.checksReceived(),
      checks: endpoints,
      timeoutMs: 3 * INTERVAL_S * 1000,
      what: "our server's first cycle did not finish",
      exited,
    });
    await settle(settleS, exited);
    return await measureWindow({ pid: server.pid!, received: fleet.checksReceived, seconds: windowS, exited });
  } finally {
    await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(version: string, kuma: PeerWindow, ours: PeerWindow): void {
  console.log(
    `\nUptime Kuma ${version} (its form's defaults: no retry, 48 s timeout, 200-299 accepted) beside ours ` +
      `(three conditions a check, one retry, 5 s timeout).\n${endpoints} HTTP endpoints every ${INTERVAL_S} s, ` +
      `one ${windowS} s window each${settleS > 0 ? ` ${settleS} s later` : ""}; checks counted at the fleet.` +
      "\n\n| monitor | checks in window | CPU ms | CPU ms per check | peak RSS MB | load at window end |" +
      "\n|---|---|---|---|---|---|",
  );
  for (const [name, row] of [
    ["Uptime Kuma", kuma],
    ["ours", ours],
  ] as const)
    console.log(
      `| ${name} | ${row.checks} | ${row.cpuMs.toFixed(0)} | ${row.cpuMsPerCheck.toFixed(3)} | ` +
        `${row.rssMb.toFixed(0)} | ${row.load.replace(/^.*load average: /, "")} |`,
    );
  const ratio = ours.cpuMsPerCheck / kuma.cpuMsPerCheck;
  console.log(
    `\nCPU per check, ours/Kuma: ${ratio.toFixed(2)}x (target at most ${TARGET_RATIO}x: ` +
      `${ratio <= TARGET_RATIO ? "met" : "NOT met"}).`,
  );
}

try {
  const kumaDir = checkKumaDir(option("kuma"));
  console.log(`Load: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
    stdio: "inherit",
  });
  const fleet = await startSimulatedFleet({ failureShare: 0.005, degradedShare: 0.02 });
  try {
    const kuma = await measureKuma(kumaDir, fleet);
    console.log(`Uptime Kuma's window: ${JSON.stringify(kuma)}`);
    const ours = await measureOurs(fleet);
    console.log(`Our window: ${JSON.stringify(ours)}`);
    report(kumaVersion(kumaDir), kuma, ours);
  } finally {
    await fleet.stop();
  }
} catch (error) {
  console.error(`\nbench:peer stopped: ${(error as Error).message}`);
  process.exit(1);
}
