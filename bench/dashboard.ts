// npm run bench:dashboard [-- --services N]: the dashboard's first load in
// headless Chromium (JS and CSS transferred, gzip/brotli as served; number of
// requests; time until its data is on screen), beside the public home page in
// the same run; then the dashboard at scale (bench/dashboard-scale.ts) for the
// seeds' services beside N of them (default 3,000), and the size of the whole
// GET /api/admin/services for both.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { get } from "node:http";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { dump } from "js-yaml";
import { CHROMIUM_ARGS, findChromium } from "#tests/chromium.ts";
import { DASHBOARD_USER, startDashboardEnv } from "#tests/e2e/dashboard-env.ts";
import { startServer, waitUntilUp } from "#tests/e2e/server-process.ts";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";
import { measureScale, printScale, type ScaleFigures } from "./dashboard-scale.ts";
import { ensureTools, BROWSER_TOOLS, PEER_TOOLS } from "#scripts/test-tools.ts";

/** The body's bytes as sent (fetch would undo the compression before counting). */
function bytesOnTheWire(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

const SERVICES = Number(process.argv[process.argv.indexOf("--services") + 1] || 3000);
if (!Number.isInteger(SERVICES) || SERVICES < 20) throw new Error("--services takes a whole number of at least 20");
const BIG_INTERVAL_SECONDS = 60;
const PORT = 3455;
const BIG_PORT = 3456;
const RUNS = 5;
const root = process.cwd();

ensureTools([...BROWSER_TOOLS, ...PEER_TOOLS], "bench:dashboard");
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});

type Load = { jsKb: number; cssKb: number; requests: number; msToData: number };

/** One cold load: what went over the wire, and when `ready` held. */
async function load(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<Load> {
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) =>
    sizes.push(
      request
        .sizes()
        .then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize + s.responseHeadersSize })),
    ),
  );
  const started = Date.now();
  await page.goto(url);
  await ready(page);
  const msToData = Date.now() - started;
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(sizes);
  const kb = (type: string) =>
    all.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.bytes, 0) / 1024;
  return { jsKb: kb("script"), cssKb: kb("stylesheet"), requests: all.length, msToData };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
function summarize(loads: Load[]): Load {
  return {
    jsKb: median(loads.map((l) => l.jsKb)),
    cssKb: median(loads.map((l) => l.cssKb)),
    requests: median(loads.map((l) => l.requests)),
    msToData: median(loads.map((l) => l.msToData)),
  };
}

const env = await startDashboardEnv(PORT, { intervalSeconds: 10 });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
let seeds: ScaleFigures | undefined;
try {
  // A session cookie for the dashboard, from the sign-in API.
  const signIn = await fetch(`${env.origin}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: env.origin },
    body: JSON.stringify(DASHBOARD_USER),
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await new Promise((resolve) => setTimeout(resolve, 12_000)); // the first cycle and samples

  const dashboard: Load[] = [];
  const home: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: env.origin }]);
    const page = await context.newPage();
    dashboard.push(
      await load(page, `${env.origin}/admin/dashboard`, (p) =>
        p
          .getByTestId("summary-cards")
          .getByText(/\d+s ago/)
          .waitFor(),
      ),
    );
    await context.close();
    const publicContext = await browser.newContext();
    const publicPage = await publicContext.newPage();
    home.push(await load(publicPage, `${env.origin}/en`, (p) => p.getByRole("heading", { level: 1 }).waitFor()));
    await publicContext.close();
  }
  const d = summarize(dashboard);
  const h = summarize(home);
  const row = (label: string, a: number, b: number, unit: string, digits = 1) =>
    console.log(
      `  ${label.padEnd(26)} ${a.toFixed(digits).padStart(8)} ${b.toFixed(digits).padStart(10)} ` +
        `${unit.padEnd(4)} ${(a / b).toFixed(2).padStart(7)}`,
    );
  console.log(`\nFirst load, cold cache, median of ${RUNS} (transferred bytes, compressed as served):`);
  console.log(
    `  ${"".padEnd(26)} ${"dashboard".padStart(8)} ${"home (/en)".padStart(10)} ${"".padEnd(4)} ${"ratio".padStart(7)}`,
  );
  row("JavaScript", d.jsKb, h.jsKb, "KB");
  row("CSS", d.cssKb, h.cssKb, "KB");
  row("requests", d.requests, h.requests, "", 0);
  row("until data is shown", d.msToData, h.msToData, "ms", 0);

  seeds = await measureScale(browser, {
    origin: env.origin,
    cookie: { name, value },
    serverPid: env.pid,
    intervalSeconds: 10,
  });
  const small = await fetch(`${env.origin}/api/admin/services`, { headers: { cookie } });
  const smallText = await small.text();
  console.log(`\nGET /api/admin/services:`);
  console.log(
    `  12 services:    ${(smallText.length / 1024).toFixed(1)} KB raw, ` +
      `${(gzipSync(smallText).length / 1024).toFixed(1)} KB gzip`,
  );
} finally {
  await env.stop();
}

// N services on a fleet of their own: ten infrastructure entries, the rest critical, standard and external, with tags
// and locations, one in a hundred failing on one host (a port nothing listens on).
const fleet = await startSimulatedFleet({ degradedShare: 0, failureShare: 0 });
const dir = mkdtempSync(join(tmpdir(), "bench-dashboard-"));
try {
  const profile = (i: number) =>
    i < 10 ? "infrastructure" : i % 10 === 0 ? "critical" : i % 10 === 1 ? "external" : "standard";
  const services = Array.from({ length: SERVICES }, (_, i) => ({
    id: `svc-${i}`,
    name: `Service ${i}`,
    profile: profile(i),
    tags: [`team-${i % 12}`, ...(i % 3 === 0 ? ["payments"] : [])],
    location: ["Frankfurt", "Nuremberg", "Helsinki", "Falkenstein", "Amsterdam"][i % 5],
    hosts: {
      centron: { url: fleet.url(`svc-${i}`, "centron") },
      local: { url: i % 100 === 50 ? "http://127.0.0.1:9/health" : fleet.url(`svc-${i}`, "local") },
    },
  }));
  writeFileSync(
    join(dir, "monitoring.yaml"),
    dump({
      alerts: { to: "ops@example.com" },
      // The default stagger (a quarter of the interval, at most 15 s), as a fleet this size would run: with 2 s every
      // round was one burst of 6,000 checks, and a load that met it measured the burst (decision 037).
      defaults: { intervalSeconds: BIG_INTERVAL_SECONDS, timeoutMs: 3000, retries: 0 },
      services,
    }),
  );
  const server = startServer(BIG_PORT, {
    DATA_DIR: join(dir, "data"),
    MONITORING_CONFIG: join(dir, "monitoring.yaml"),
    ADMIN_USERNAME: DASHBOARD_USER.username,
    ADMIN_PASSWORD: DASHBOARD_USER.password,
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
  });
  const origin = `http://127.0.0.1:${BIG_PORT}`;
  try {
    await waitUntilUp(origin, 120_000);
    const signIn = await fetch(`${origin}/api/auth/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify(DASHBOARD_USER),
    });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    let text = "";
    for (let i = 0; i < 180; i += 1) {
      text = await (await fetch(`${origin}/api/admin/services`, { headers: { cookie } })).text();
      if ((JSON.parse(text) as { lastCheckedAt: string | null }).lastCheckedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const started = performance.now();
    const wire = await bytesOnTheWire(`${origin}/api/admin/services`, { cookie, "Accept-Encoding": "gzip" });
    const ms = performance.now() - started;
    console.log(
      `  ${SERVICES.toLocaleString("en")} services: ${(text.length / 1024).toFixed(1)} KB raw, ` +
        `${(gzipSync(text).length / 1024).toFixed(1)} KB gzip (${(wire / 1024).toFixed(1)} KB as served), ` +
        `answered in ${ms.toFixed(0)} ms`,
    );
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const big = await measureScale(browser, {
      origin,
      cookie: { name, value },
      serverPid: server.pid!,
      intervalSeconds: BIG_INTERVAL_SECONDS,
    });
    printScale(seeds!, big, SERVICES);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
} finally {
  await browser.close();
  await fleet.stop();
  rmSync(dir, { recursive: true, force: true });
}
