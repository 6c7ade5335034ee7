// npm run bench:monitor -- --endpoints 10000 [--cycles 2] [--interval 60] [--heap 128]
// Runs the production server against a simulated fleet of N endpoints on
// loopback (15–250 ms latency) and prints, per cycle: wall time, checks per
// second, CPU used by the server, its RSS and the database's growth; then the
// same for N/10, to show how the cost grows. Target: 10,000 endpoints every
// 60 s within one core and 300 MB RSS. The server runs with its V8 heap capped
// at --heap MB (default 128; 0 for Node's own sizing), as operations.md advises
// for large fleets: the live heap is far smaller, the rest is garbage V8 keeps.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { startSimulatedFleet } from "../scripts/simulated-fleet.ts";
import { waitForUrl } from "./throughput.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  const value = inline ? inline.split("=")[1] : index >= 0 ? args[index + 1] : undefined;
  return value ? Number(value) : fallback;
};
const endpoints = arg("endpoints", 10_000);
const cycles = arg("cycles", 2);
const interval = arg("interval", 60);
const heap = arg("heap", 128);
const PORT = 3454;
const root = process.cwd();
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], { stdio: "inherit" });

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) / 1024;
}
function databaseMb(dir: string): number {
  let bytes = 0;
  for (const file of ["app.db", "app.db-wal"]) {
    try {
      bytes += statSync(join(dir, file)).size;
    } catch {
      // not there (yet)
    }
  }
  return bytes / 1024 / 1024;
}

type Row = { endpoints: number; cycle: number; wallS: number; checksPerS: number; cpuPct: number; rssMb: number; dbGrowthMb: number };

async function measure(count: number): Promise<Row[]> {
  const fleet = await startSimulatedFleet({ failureShare: 0.005, degradedShare: 0.02 });
  const dir = mkdtempSync(join(tmpdir(), "bench-monitor-"));
  const services = Array.from({ length: Math.ceil(count / 2) }, (_, i) => ({
    id: `svc-${i}`,
    name: `Service ${i}`,
    profile: "standard",
    hosts: { centron: { url: fleet.url(`svc-${i}`, "centron") }, local: { url: fleet.url(`svc-${i}`, "local") } },
  }));
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, stringify({ alerts: { to: "ops@example.com" }, defaults: { intervalSeconds: interval, timeoutMs: 5000, retries: 1, concurrency: 500 }, services }));
  const server = spawn(process.execPath, [...(heap > 0 ? [`--max-old-space-size=${heap}`] : []), "build/server/index.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", WEB_CONCURRENCY: "1", DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "debug", MONITORING_CONFIG: configFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const rows: Row[] = [];
  try {
    await waitForUrl(`http://127.0.0.1:${PORT}/healthz`, 60_000);
    let buffered = "";
    let previous = { cpu: cpuSeconds(server.pid!), db: databaseMb(dir), at: performance.now() };
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error("cycles did not finish in time")), (cycles + 2) * interval * 1000);
      server.stdout!.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        for (const line of lines) {
          if (!line.includes('"monitor cycle done"')) continue;
          const entry = JSON.parse(line) as { checks: number; ms: number };
          const now = { cpu: cpuSeconds(server.pid!), db: databaseMb(dir), at: performance.now() };
          rows.push({
            endpoints: count,
            cycle: rows.length + 1,
            wallS: entry.ms / 1000,
            checksPerS: entry.checks / (entry.ms / 1000),
            // CPU over the whole interval since the last cycle ended: the share of one core.
            cpuPct: ((now.cpu - previous.cpu) / ((now.at - previous.at) / 1000)) * 100,
            rssMb: rssMb(server.pid!),
            dbGrowthMb: now.db - previous.db,
          });
          previous = now;
          console.log(JSON.stringify({ ...rows.at(-1), heapMb: (entry as { heapMb?: number }).heapMb }));
          if (rows.length >= cycles) {
            clearTimeout(timeout);
            resolve();
          }
        }
      });
    });
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.on("exit", resolve));
    await fleet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const small = await measure(Math.max(2, Math.round(endpoints / 10)));
const large = await measure(endpoints);
console.log("\n| endpoints | cycle | wall s | checks/s | CPU % of one core | RSS MB | DB growth MB |\n|---|---|---|---|---|---|---|");
for (const row of [...small, ...large]) {
  console.log(
    `| ${row.endpoints} | ${row.cycle} | ${row.wallS.toFixed(1)} | ${row.checksPerS.toFixed(0)} | ${row.cpuPct.toFixed(0)} | ${row.rssMb.toFixed(0)} | ${row.dbGrowthMb.toFixed(2)} |`,
  );
}
const last = large.at(-1)!;
console.log(
  `\nTarget for ${endpoints} endpoints every ${interval} s: one core (<= 100 %) and 300 MB RSS. Measured (heap cap ${heap || "none"}): ${last.cpuPct.toFixed(0)} % and ${last.rssMb.toFixed(0)} MB.`,
);
