// Requests per second of our server and of Debian's nginx serving the same
// prerendered file, measured in the same run with wrk on loopback.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processCpuUs } from "./process-tree.ts";

export type Throughput = {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** CPU (user and system) the target's processes spent per request, when its pid was given. */
  cpuUsPerRequest?: number;
};

export function requireTool(command: string, debianPackage: string): void {
  if (spawnSync("which", [command]).status === 0) return;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-q"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-q", debianPackage], { stdio: "inherit", env });
    if (spawnSync("which", [command]).status === 0) return;
  }
  throw new Error(`${command} is missing: sudo apt-get install -y ${debianPackage}`);
}

export type NginxPage = { file: string; urlPath: string };

/**
 * Starts Debian's nginx serving each file at its `urlPath` (as that folder's
 * index, with the precompressed .gz beside it), configured like Debian's
 * default server; `workers` is its worker_processes ("auto": one per core).
 */
export function startNginx(
  pages: NginxPage[],
  port: number,
  workers: number | "auto" = "auto",
): { stop: () => void; pid: () => number } {
  requireTool("nginx", "nginx-light");
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  chmodSync(dir, 0o755);
  for (const { file, urlPath } of pages) {
    const target = join(dir, "root", urlPath.replace(/^\//, ""), "index.html");
    mkdirSync(join(target, ".."), { recursive: true });
    copyFileSync(file, target);
    if (existsSync(`${file}.gz`)) copyFileSync(`${file}.gz`, `${target}.gz`);
    for (let d = join(target, ".."); d.startsWith(dir); d = join(d, "..")) chmodSync(d, 0o755);
  }
  const conf = join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  access_log ${dir}/access.log;
  gzip_static on;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const started = spawnSync("nginx", ["-c", conf, "-p", dir]);
  if (started.status !== 0) throw new Error(`nginx did not start: ${started.stderr.toString()}`);
  return {
    stop: () => void spawnSync("nginx", ["-c", conf, "-p", dir, "-s", "stop"]),
    pid: () => Number(readFileSync(join(dir, "nginx.pid"), "utf8")),
  };
}

export async function waitForUrl(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function startOurServer(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: "ignore",
  });
}

export type WrkResult = { requestsPerSecond: number; p99Ms: number; requests: number; failed: number };

function wrkArgs(
  url: string,
  seconds: number,
  encoding: string | undefined,
  headers: string[],
  script: string | undefined,
  connections: number,
): string[] {
  requireTool("wrk", "wrk");
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  if (script) args.push("-s", script);
  if (encoding) args.push("-H", `Accept-Encoding: ${encoding}`);
  for (const header of headers) args.push("-H", header);
  return [...args, url];
}

/**
 * One wrk run: 1 thread, 50 connections (or `connections`), `seconds` long; optional Accept-Encoding and Lua script
 * (for POSTs).
 */
export function runWrk(
  url: string,
  seconds: number,
  encoding?: string,
  headers: string[] = [],
  script?: string,
  connections = 50,
): WrkResult {
  return parseWrk(
    url,
    spawnSync("wrk", wrkArgs(url, seconds, encoding, headers, script, connections), { encoding: "utf8" }).stdout,
  );
}

/** The same, in the background: for loading the server while something else is measured. */
export function startWrk(url: string, seconds: number, encoding?: string, connections = 50): Promise<WrkResult> {
  const child = spawn("wrk", wrkArgs(url, seconds, encoding, [], undefined, connections), {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", () => {
      try {
        resolve(parseWrk(url, out));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseWrk(url: string, out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : NaN;
  if (!Number.isFinite(rps)) throw new Error(`wrk gave no result for ${url}:\n${out}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { requestsPerSecond: rps, p99Ms, requests, failed };
}

/**
 * Interleaves runs of both targets and keeps each one's median (by requests per second); with a target's pid, also
 * the median CPU its processes spent per request.
 */
export function compare(
  targets: { label: string; url: string; pid?: number }[],
  encoding: string | undefined,
  rounds = 3,
  seconds = 5,
): Throughput[] {
  const results = new Map<string, { requestsPerSecond: number; p99Ms: number }[]>();
  const cpu = new Map<string, number[]>();
  // Warm up: a server fresh from a start (or from Lighthouse's few requests) takes some seconds of load to reach its
  // pace (JIT, heap sizing); one second left the first rounds of a large fleet's server measuring that instead.
  for (const target of targets) runWrk(target.url, 4, encoding);
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const list = results.get(target.label) ?? [];
      const before = target.pid === undefined ? 0 : processCpuUs(target.pid);
      const run = runWrk(target.url, seconds, encoding);
      list.push(run);
      results.set(target.label, list);
      if (target.pid !== undefined)
        cpu.set(target.label, [...(cpu.get(target.label) ?? []), (processCpuUs(target.pid) - before) / run.requests]);
    }
  }
  return targets.map(({ label }) => {
    const runs = [...results.get(label)!].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    const median = runs[Math.floor(runs.length / 2)]!;
    const perRequest = [...(cpu.get(label) ?? [])].sort((a, b) => a - b);
    return perRequest.length === 0
      ? { label, ...median }
      : { label, ...median, cpuUsPerRequest: perRequest[Math.floor(perRequest.length / 2)]! };
  });
}
