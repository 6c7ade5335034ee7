// What `npm run bench:monitor` shares between its runs: the simulated fleet's
// monitoring configuration, the production server as its own process on it,
// and reading a process's CPU and memory and the database's size.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { WORKER_HEAP_FLAGS } from "#server/cluster.ts";

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

/** One number a query on the server's database gives, or 0 before it exists. */
export function databaseNumber(dir: string, read: (db: SQLite.Database) => number): number {
  return databaseNumberRow(dir, read) ?? 0;
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
 * The built production server on loopback, one worker, its log (debug) on stdout for the bench to read; its stderr is
 * passed on, and both are kept for the message should it die (watchServer). On SQLite in `dir` unless `env` says
 * otherwise. With `profileDir`, V8 profiles its CPU from the start and writes a .cpuprofile there when it exits.
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
  // The heap `npm start` gives a worker (server/cluster.ts), with the old space asked for.
  const heapFlags = WORKER_HEAP_FLAGS.filter((flag) => !flag.startsWith("--max-old-space-size"));
  const flags = [
    ...(heap > 0 ? [`--max-old-space-size=${heap}`, ...heapFlags] : []),
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const server = spawn(process.execPath, [...flags, "build/server/index.js"], {
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stderr!.pipe(process.stderr);
  return server;
}

/** Lines of a process's output kept for the message when it dies. */
const TAIL_LINES = 12;
/** V8's native stack frames ("12: 0x195e476 [/usr/bin/node]") say nothing the lines before them do not. */
const NATIVE_FRAME = /^\s*\d+: 0x[0-9a-f]+ /;

/** A process the bench started died under it: its exit code or signal, and its own last words. */
export class ProcessExited extends Error {
  constructor(what: string, code: number | null, signal: NodeJS.Signals | null, lastLines: string[]) {
    super(
      `${what} exited (${signal ? `signal ${signal}` : `code ${code}`}) while the bench waited on it; ` +
        `its last lines:\n${lastLines.map((line) => `  ${line}`).join("\n")}`,
    );
    this.name = "ProcessExited";
  }
}

/**
 * Watches a process the bench started: `exited` rejects (ProcessExited, with the process's last lines of stdout and
 * stderr) the moment it exits, so a bench racing its waits against it stops at once instead of waiting forever. Its
 * rejection is handled here: after the bench stops it on purpose, nothing races it any more.
 */
export function watchServer(child: ChildProcess, what = "the server") {
  const lines: string[] = [];
  const keep = (stream: NodeJS.ReadableStream | null) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop()!;
      for (const line of parts) if (line.trim() && !NATIVE_FRAME.test(line)) lines.push(line.slice(0, 500));
      lines.splice(0, Math.max(0, lines.length - TAIL_LINES));
    });
  };
  keep(child.stdout);
  keep(child.stderr);
  const exited = new Promise<never>((_, reject) => {
    // "close" comes after the output is read to its end, so the last lines are in.
    child.once("close", (code: number | null, signal: NodeJS.Signals | null) => {
      reject(new ProcessExited(what, code, signal, lines));
    });
  });
  exited.catch(() => undefined);
  return exited;
}

/** Stops a process the bench started and waits for it to be gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Of the checks stored in (from, to] (ms): how many endpoints were checked, and the longest time between a check and
 * the same endpoint's check before it (null when none had one before): "every endpoint every interval" read from the
 * results the server stored, one row per check.
 */
export function checksBetween(dir: string, from: number, to: number): { checked: number; maxGapS: number | null } {
  const row = databaseNumberRow(
    dir,
    (db) =>
      db
        .prepare(
          `SELECT count(DISTINCT endpoint_id) AS endpoints, max(gap) AS gap FROM (
           SELECT endpoint_id, checked_at,
             checked_at - lag(checked_at) OVER (PARTITION BY endpoint_id ORDER BY checked_at) AS gap
           FROM monitor_results WHERE checked_at > ? AND checked_at <= ?
         ) WHERE checked_at > ?`,
        )
        .get(from - GAP_LOOKBACK_MS, to, from) as { endpoints: number; gap: number | null },
  );
  return { checked: row?.endpoints ?? 0, maxGapS: row?.gap == null ? null : row.gap / 1000 };
}

/** How far before a cycle its endpoints' previous checks are looked for: a gap longer than this is not seen. */
const GAP_LOOKBACK_MS = 15 * 60_000;

/** What a query on the server's database gives (read-only beside the running server), or undefined before it exists. */
function databaseNumberRow<T>(dir: string, read: (db: SQLite.Database) => T): T | undefined {
  if (!existsSync(join(dir, "app.db"))) return undefined;
  const db = new SQLite(join(dir, "app.db"), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
