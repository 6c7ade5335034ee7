// What `npm run bench:monitor` shares between its runs: the simulated fleet's
// monitoring configuration, the production server as its own process on it,
// and reading a process's CPU and memory and the database's size.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";

/** Every check is judged by these, as an operator coming from Gatus would write them. */
export const CONDITIONS = ["[STATUS] == 200", "[BODY].status == any(healthy, degraded)", "[RESPONSE_TIME] < 1000"];
export const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) / 1024;
}

/**
 * Bytes the process has sent toward the disk (/proc/<pid>/io write_bytes: pages it dirtied in files, the database's
 * and its WAL's; not its sockets or its log on a pipe).
 */
export function writtenBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("write_bytes:"));
  return Number(line?.replace(/\D+/g, "") ?? 0);
}

/** One number a query on the server's database gives (read-only beside the running server), or 0 before it exists. */
export function databaseNumber(dir: string, read: (db: SQLite.Database) => number): number {
  if (!existsSync(join(dir, "app.db"))) return 0;
  const db = new SQLite(join(dir, "app.db"), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * The data the database holds, as SQLite counts its pages in use (the WAL's
 * committed pages included): the files' sizes would measure the WAL, which
 * grows in steps and is reused after each checkpoint, not the data.
 */
export function databaseMb(dir: string): number {
  return databaseNumber(dir, (db) => {
    const pragma = (name: string) => Number(db.pragma(name, { simple: true }));
    return ((pragma("page_count") - pragma("freelist_count")) * pragma("page_size")) / 1024 / 1024;
  });
}

/** Where the fleet's hosts are checked from: this server (as before) or remote probes with their tokens. */
export type FleetPlacement = { locations: { id: string; name: string; token: string }[] } | undefined;

export function fleetConfig(
  count: number,
  url: (service: string, host: string) => string,
  interval: number,
  placement?: FleetPlacement,
) {
  const services = Array.from({ length: Math.ceil(count / 2) }, (_, i) => ({
    id: `svc-${i}`,
    name: `Service ${i}`,
    profile: "standard",
    ...(placement ? { locations: placement.locations.map((location) => location.id) } : {}),
    hosts: {
      centron: { url: url(`svc-${i}`, "centron"), conditions: CONDITIONS },
      local: { url: url(`svc-${i}`, "local"), conditions: CONDITIONS },
    },
  }));
  return {
    alerts: { to: "ops@example.com" },
    defaults: { intervalSeconds: interval, timeoutMs: 5000, retries: 1, concurrency: 500 },
    ...(placement ? { locations: placement.locations } : {}),
    services,
  };
}

/**
 * The built production server on loopback, one worker, its log (debug) on stdout for the bench to read; on SQLite in
 * `dir` unless `env` says otherwise. With `profileDir`, V8 profiles its CPU from the start and writes a .cpuprofile
 * there when it exits.
 */
export function startMonitorServer(options: {
  port: number;
  dir: string;
  configFile: string;
  heap: number;
  profileDir?: string;
  env?: Record<string, string>;
}) {
  const { port, dir, configFile, heap, profileDir } = options;
  const flags = [
    ...(heap > 0 ? [`--max-old-space-size=${heap}`] : []),
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
  ];
  return spawn(process.execPath, [...flags, "build/server/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      DATA_DIR: dir,
      DATABASE_URL: "",
      LOG_LEVEL: "debug",
      MONITORING_CONFIG: configFile,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Stops a process the bench started and waits for it to be gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
