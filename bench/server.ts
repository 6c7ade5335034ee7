// npm run bench:server: our server (its default workers) beside Debian's
// nginx with one worker (`worker_processes 1`) serving the same bytes, in
// the same run (wrk, 1 thread, 50 connections, gzip):
//   a prerendered page (/en/about) and the contact page (/en/contact, which
//   also signs a form token into a cookie with every answer), median of 3 × 5 s,
//   in requests per second and in CPU per request (every process of each,
//   user and system: on a shared machine the steadier of the two);
//   /healthz p99 while 50 connections load /en/contact, and while 50 load a
//   page that is rendered per request (/en/news?page=2);
//   GET /api/auth/session with a valid session (a database read per request);
//   memory of the whole server (every process, each page counted once), idle
//   15 s after start and sign-in, and right after the load.
import { mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serverMemory, type ServerMemory } from "./resident-memory.ts";
import { compare, runWrk, startNginx, startOurServer, startWrk, waitForUrl, type Throughput } from "./throughput.ts";

const root = process.cwd();
const PORT = 3451;
const NGINX_PORT = 3452;
const ours = `http://127.0.0.1:${PORT}`;
const nginxOrigin = `http://127.0.0.1:${NGINX_PORT}`;
const admin = { username: "bench", password: "a long measuring passphrase 1" };
const TARGETS = { page: 0.75, contact: 0.5, healthP99Ms: 50, idleMb: 200, loadedMb: 350 };

const mark = (ok: boolean) => (ok ? "yes" : "NO");

/** /healthz p99 (2 connections) while 50 connections load `url`. */
async function healthUnderLoad(url: string): Promise<{ p99Ms: number; load: Awaited<ReturnType<typeof startWrk>> }> {
  const load = startWrk(url, 7, "gzip");
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const health = runWrk(`${ours}/healthz`, 5, undefined, [], undefined, 2);
  return { p99Ms: health.p99Ms, load: await load };
}

execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});
const dataDir = mkdtempSync(join(tmpdir(), "bench-server-"));
const server = startOurServer(PORT, {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
});
try {
  await waitForUrl(`${ours}/healthz`);
  const signIn = await fetch(`${ours}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ours },
    body: JSON.stringify(admin),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!signIn.ok || !cookie) throw new Error(`sign-in for the bench failed: ${signIn.status}`);
  // Idle: nothing asked for 15 s, time for V8 to shrink its heap after the start's work (it waits some seconds of
  // quiet).
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const idle = serverMemory(server.pid!);

  const page = (path: string) => ({ file: join(root, "build/app/client", path, "index.html"), urlPath: path });
  const nginx = startNginx([page("/en/about"), page("/en/contact")], NGINX_PORT, 1);
  let pages: ReturnType<typeof compare>;
  let contact: ReturnType<typeof compare>;
  try {
    await waitForUrl(`${nginxOrigin}/en/about`);
    pages = compare(
      [
        { label: "ours", url: `${ours}/en/about`, pid: server.pid },
        { label: "nginx", url: `${nginxOrigin}/en/about`, pid: nginx.pid() },
      ],
      "gzip",
    );
    contact = compare(
      [
        { label: "ours", url: `${ours}/en/contact`, pid: server.pid },
        { label: "nginx", url: `${nginxOrigin}/en/contact`, pid: nginx.pid() },
      ],
      "gzip",
    );
  } finally {
    nginx.stop();
  }
  const loadAfterPages = loadavg()[0]!;
  const session = runWrk(`${ours}/api/auth/session`, 5, undefined, [`Cookie: ${cookie}`]);
  const beside = {
    contact: await healthUnderLoad(`${ours}/en/contact`),
    rendered: await healthUnderLoad(`${ours}/en/news?page=2`),
  };
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const loaded = serverMemory(server.pid!);

  const ratio = (pair: ReturnType<typeof compare>) => pair[0]!.requestsPerSecond / pair[1]!.requestsPerSecond;
  console.log(
    "\n| GET, gzip | ours req/s | nginx (1 worker) req/s | ratio | target | met | " +
      "ours p99 ms | nginx p99 ms |\n|---|---|---|---|---|---|---|---|",
  );
  for (const [label, pair, target] of [
    ["/en/about (prerendered)", pages, TARGETS.page],
    ["/en/contact (prerendered, token cookie)", contact, TARGETS.contact],
  ] as const) {
    const [a, b] = pair;
    console.log(
      `| ${label} | ${a!.requestsPerSecond.toFixed(0)} | ${b!.requestsPerSecond.toFixed(0)} | ` +
        `${ratio(pair).toFixed(2)} | ${target} | ${mark(ratio(pair) >= target)} | ${a!.p99Ms} | ${b!.p99Ms} |`,
    );
  }

  const cpu = (run: Throughput) => run.cpuUsPerRequest?.toFixed(1) ?? "-";
  console.log("\n| GET, gzip: CPU per request | ours µs | nginx (1 worker) µs | nginx's / ours |\n|---|---|---|---|");
  for (const [label, [a, b]] of [
    ["/en/about", pages],
    ["/en/contact", contact],
  ] as const) {
    const share = a!.cpuUsPerRequest && b!.cpuUsPerRequest ? (b!.cpuUsPerRequest / a!.cpuUsPerRequest).toFixed(2) : "-";
    console.log(`| ${label} | ${cpu(a!)} | ${cpu(b!)} | ${share} |`);
  }
  console.log(`(load average ${loadAfterPages.toFixed(2)} after these runs: other work on the machine counts too)`);

  console.log(
    "\n| while 50 connections load | their req/s | of them refused (503) | " +
      "/healthz p99 ms | target | met |\n|---|---|---|---|---|---|",
  );
  const { contact: c, rendered: r } = beside;
  console.log(
    `| /en/contact | ${c.load.requestsPerSecond.toFixed(0)} | ${c.load.failed} | ${c.p99Ms} | < ` +
      `${TARGETS.healthP99Ms} | ${mark(c.p99Ms < TARGETS.healthP99Ms)} |`,
  );
  console.log(
    `| /en/news?page=2 (rendered per request) | ${r.load.requestsPerSecond.toFixed(0)} | ${r.load.failed} | ` +
      `${r.p99Ms} | - | - |`,
  );

  console.log(
    `\nGET /api/auth/session (valid session): ${session.requestsPerSecond.toFixed(0)} req/s, p99 ${session.p99Ms} ms`,
  );
  // Judged on the distinct pages in RAM (resident-memory.ts); summed RSS counts the shared node binary once per
  // process.
  const memoryRow = (label: string, memory: ServerMemory, target: number) =>
    memory.residentMb === undefined
      ? `| ${label} | - (needs root) | ${target} | - | ${memory.rssMb.toFixed(0)} | ${memory.pssMb.toFixed(0)} |`
      : `| ${label} | ${memory.residentMb.toFixed(0)} | ${target} | ${mark(memory.residentMb <= target)} | ` +
        `${memory.rssMb.toFixed(0)} | ${memory.pssMb.toFixed(0)} |`;
  console.log(
    "\n| memory, all processes | resident MB (each page once) | target | met | " +
      "summed RSS MB | summed PSS MB |\n|---|---|---|---|---|---|",
  );
  console.log(memoryRow("idle after start", idle, TARGETS.idleMb));
  console.log(memoryRow("after the load", loaded, TARGETS.loadedMb));
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
