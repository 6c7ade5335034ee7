// The dashboard at a fleet's size, as a person and the server feel it: one
// cold load of /admin/dashboard in Chromium (time until the screen is usable,
// bytes), the DOM of each tab, the time to open Services Health, the bytes
// the page reads around one round, and the server's CPU per poll.
import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import type { Browser, Page } from "@playwright/test";
import { HEALTH_URL, NO_FILTERS, serviceListUrl } from "#app/admin/dashboard/service-filters.ts";

export type ScaleFigures = {
  /** Navigation start to the summary's data on screen in a hydrated page (its controls answer), median. */
  usableMs: number;
  /** Every request of the first load until the network is idle, as transferred, median. */
  firstLoadKb: number;
  dom: { overview: number; haproxy: number; services: number };
  /** A click on the Services Health tab until its first cards are painted, median. */
  servicesOpenMs: number;
  /** What the open Services Health tab reads from a moment between rounds until a round has landed and been read. */
  round: { kb: number; requests: number; notModified: number };
  /** The server's CPU (every process of it) for one poll after a round: the health poll and the list's first page. */
  cpuMsPerPoll: number;
};

type Cookie = { name: string; value: string };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Transferred bytes (headers and body as sent) of every request the page finishes from now on. */
function countBytes(page: Page) {
  const sizes: Promise<{ bytes: number; status: number }>[] = [];
  page.on("requestfinished", (request) =>
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(([s, response]) => ({
        bytes: s.responseBodySize + s.responseHeadersSize,
        status: response?.status() ?? 0,
      })),
    ),
  );
  return {
    reset: () => sizes.splice(0),
    total: async () => {
      const all = await Promise.all(sizes);
      return {
        kb: all.reduce((sum, entry) => sum + entry.bytes, 0) / 1024,
        requests: all.length,
        notModified: all.filter((entry) => entry.status === 304).length,
      };
    },
  };
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName("*").length);

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
}

// In-page code is passed as text: the bench runs through tsx, whose names for inner functions the page lacks.

/** In the page: a click on the tab until its list's first card exists and a frame has been painted. */
function timeServicesOpen(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    document.getElementById("tab-services").click();
    (function look() {
      if (document.querySelector('[aria-labelledby="apps-heading"] [data-service]'))
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      else requestAnimationFrame(look);
    })();
  })`);
}

/**
 * In the page from its first script on: the first frame at which the summary shows data ("… ago") and React has taken
 * over the server's HTML (a click on a tab does something), from navigation. Watched by the page itself on every
 * frame: asking from the bench (Playwright polling, then a round trip) added up to a few hundred milliseconds of its
 * own.
 */
const WATCH_USABLE = `(() => {
  (function look() {
    const tab = document.getElementById("tab-services");
    const summary = document.querySelector('[data-testid="summary-cards"]');
    const hydrated = tab && Object.keys(tab).some((key) => key.startsWith("__reactProps"));
    if (hydrated && summary && /\\d+s ago/.test(summary.textContent || "")) window.__usableAt = performance.now();
    else requestAnimationFrame(look);
  })();
})()`;

async function coldLoad(browser: Browser, origin: string, cookie: Cookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ ...cookie, url: origin }]);
  const page = await context.newPage();
  await page.addInitScript(WATCH_USABLE);
  const bytes = countBytes(page);
  await page.goto(`${origin}/admin/dashboard`, { waitUntil: "commit" });
  // (Not waitForFunction: it evaluates its text in the page, which the dashboard's CSP forbids.)
  const usableMs = (await page.evaluate(`new Promise((resolve) => (function wait() {
    if (window.__usableAt !== undefined) resolve(window.__usableAt);
    else setTimeout(wait, 20);
  })())`)) as number;
  await page.waitForLoadState("networkidle");
  const firstLoad = await bytes.total();
  const overview = await domNodes(page);
  await openTab(page, "HAProxy Stats");
  const haproxy = await domNodes(page);
  await openTab(page, "System Overview");
  const servicesOpenMs = await timeServicesOpen(page);
  await page.waitForLoadState("networkidle");
  const services = await domNodes(page);
  return {
    context,
    page,
    bytes,
    usableMs,
    firstLoadKb: firstLoad.kb,
    dom: { overview, haproxy, services },
    servicesOpenMs,
  };
}

/** The bytes of every request the page makes from now until a new round has landed and what follows it is read. */
async function oneRound(page: Page, bytes: ReturnType<typeof countBytes>, timeoutMs: number) {
  const lastRound = async () =>
    ((await (await page.request.get(new URL(HEALTH_URL, page.url()).href)).json()) as { lastCheckedAt: string | null })
      .lastCheckedAt;
  const before = await lastRound();
  bytes.reset();
  await page.waitForResponse(
    async (response) =>
      response.url().endsWith(HEALTH_URL) &&
      response.status() === 200 &&
      ((await response.json()) as { lastCheckedAt: string | null }).lastCheckedAt !== before,
    { timeout: timeoutMs },
  );
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(2_000);
  return bytes.total();
}

/** CPU milliseconds used so far by a process and its descendants (Linux). */
function cpuMsOfTree(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // A process that ended meanwhile.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats)
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  // Clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return [...tree].reduce((sum, pid) => sum + (stats.get(pid)?.ticks ?? 0), 0) * 10;
}

function read(url: string, cookie: Cookie): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie: `${cookie.name}=${cookie.value}`, "Accept-Encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", resolve);
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The least CPU per poll over three batches (a batch that met a round of checks counts that round too). */
async function cpuPerPoll(origin: string, cookie: Cookie, serverPid: number): Promise<number> {
  const polls = 30;
  const list = serviceListUrl(NO_FILTERS);
  const batches: number[] = [];
  for (let batch = 0; batch < 3; batch += 1) {
    const before = cpuMsOfTree(serverPid);
    for (let i = 0; i < polls; i += 1)
      await Promise.all([read(origin + HEALTH_URL, cookie), read(origin + list, cookie)]);
    batches.push((cpuMsOfTree(serverPid) - before) / polls);
  }
  return Math.min(...batches);
}

export async function measureScale(
  browser: Browser,
  target: { origin: string; cookie: Cookie; serverPid: number; intervalSeconds: number },
  runs = 5,
): Promise<ScaleFigures> {
  const loads = [];
  let round: ScaleFigures["round"] | undefined;
  for (let run = 0; run < runs; run += 1) {
    const load = await coldLoad(browser, target.origin, target.cookie);
    // Once, on the last load's open Services Health tab.
    if (run === runs - 1) round = await oneRound(load.page, load.bytes, (target.intervalSeconds * 2 + 30) * 1000);
    await load.context.close();
    loads.push(load);
  }
  return {
    usableMs: median(loads.map((load) => load.usableMs)),
    firstLoadKb: median(loads.map((load) => load.firstLoadKb)),
    dom: {
      overview: Math.max(...loads.map((load) => load.dom.overview)),
      haproxy: Math.max(...loads.map((load) => load.dom.haproxy)),
      services: Math.max(...loads.map((load) => load.dom.services)),
    },
    servicesOpenMs: median(loads.map((load) => load.servicesOpenMs)),
    round: round!,
    cpuMsPerPoll: await cpuPerPoll(target.origin, target.cookie, target.serverPid),
  };
}

/** The two fleets' figures side by side, with their ratio. */
export function printScale(small: ScaleFigures, big: ScaleFigures, bigCount: number) {
  const rows: [string, number, number, string, number][] = [
    ["usable screen", small.usableMs, big.usableMs, "ms", 0],
    ["first load, all requests", small.firstLoadKb, big.firstLoadKb, "KB", 1],
    ["DOM nodes, System Overview", small.dom.overview, big.dom.overview, "", 0],
    ["DOM nodes, HAProxy Stats", small.dom.haproxy, big.dom.haproxy, "", 0],
    ["DOM nodes, Services Health", small.dom.services, big.dom.services, "", 0],
    ["open Services Health", small.servicesOpenMs, big.servicesOpenMs, "ms", 0],
    ["one round's reads", small.round.kb, big.round.kb, "KB", 1],
    ["  requests (304s)", small.round.requests, big.round.requests, "", 0],
    ["server CPU per poll", small.cpuMsPerPoll, big.cpuMsPerPoll, "ms", 1],
  ];
  const head = `${"the seeds' ten".padStart(15)} ${`${bigCount.toLocaleString("en")} services`.padStart(15)}`;
  console.log(`\nThe dashboard at scale (Chromium, cold cache, median of five loads):`);
  console.log(`  ${"".padEnd(28)} ${head} ${"".padEnd(3)} ${"ratio".padStart(7)}`);
  for (const [label, a, b, unit, digits] of rows) {
    const note = label === "  requests (304s)" ? ` (${small.round.notModified} / ${big.round.notModified})` : "";
    console.log(
      `  ${label.padEnd(28)} ${a.toFixed(digits).padStart(15)} ${b.toFixed(digits).padStart(15)} ${unit.padEnd(3)} ` +
        `${(a === 0 ? 0 : b / a).toFixed(2).padStart(7)}${note}`,
    );
  }
}
