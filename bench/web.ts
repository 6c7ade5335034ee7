// npm run bench:web: per public page and language, Lighthouse mobile scores and
// first-load JS/CSS; then our server's throughput on a prerendered page and on
// the status page (rendered when its data changes, served from memory) beside
// nginx serving the same bytes, in the same run.
//   --no-lighthouse        skip Lighthouse
//   --pages=/,/about       only these pages
//   --status-fleet=300     the status page of that many public services in ten
//                          groups, one failing (with no --pages: that page alone)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { sitePaths } from "#app/routing/pages.ts";
import { buildFileFor, measureFirstLoad } from "./first-load.ts";
import { withLighthouse, type Scores } from "./lighthouse.ts";
import { startStatusFleet } from "./status-fleet.ts";
import { compare, startNginx, startOurServer, waitForUrl } from "./throughput.ts";

const root = process.cwd();
const args = process.argv.slice(2);
const runLighthouse = !args.includes("--no-lighthouse");
const pagesArg = args.find((a) => a.startsWith("--pages="))?.slice("--pages=".length);
const statusFleet = Number(args.find((a) => a.startsWith("--status-fleet="))?.slice("--status-fleet=".length) ?? 0);
if (!Number.isInteger(statusFleet) || statusFleet < 0) throw new Error("--status-fleet takes a number of services");
const pages = pagesArg ? pagesArg.split(",") : statusFleet ? ["/status"] : sitePaths();
const OUR_PORT = 3401;
const NGINX_PORT = 3402;

execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});

const fleet = statusFleet ? await startStatusFleet(statusFleet) : undefined;
const server = startOurServer(OUR_PORT, fleet?.env);
const ours = `http://127.0.0.1:${OUR_PORT}`;
await waitForUrl(`${ours}/healthz`);
if (fleet) await fleet.checked(ours);

type Row = { url: string } & Partial<Scores> & ReturnType<typeof measureFirstLoad>;
const rows: Row[] = [];
const fileFor = buildFileFor(root);
try {
  const measure = async (audit?: (url: string) => Promise<Scores>) => {
    for (const path of pages) {
      for (const lang of LANGUAGES) {
        const url = localizePath(lang, path);
        // As served from memory.
        const html = await (await fetch(ours + url)).text();
        const row: Row = { url, ...measureFirstLoad(html, fileFor), ...(audit ? await audit(ours + url) : {}) };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
  };
  if (runLighthouse) await withLighthouse(measure);
  else await measure();

  // nginx gets the same bytes: the built file for /en/about, the status page as our server serves it now.
  const statusDir = mkdtempSync(join(tmpdir(), "bench-status-"));
  const statusFile = join(statusDir, "index.html");
  const statusHtml = Buffer.from(await (await fetch(`${ours}/en/status`)).arrayBuffer());
  writeFileSync(statusFile, statusHtml);
  writeFileSync(`${statusFile}.gz`, gzipSync(statusHtml, { level: 9 }));
  const measured = [
    { path: "/en/about", file: join(root, "build/app/client/en/about/index.html") },
    { path: "/en/status", file: statusFile },
  ];
  console.log(
    `\nThroughput, GET ${measured.map((page) => page.path).join(" and ")} (wrk, 1 thread, 50 connections, ` +
      `median of 3 × 5 s):`,
  );
  const nginx = startNginx(
    measured.map((page) => ({ file: page.file, urlPath: page.path })),
    NGINX_PORT,
  );
  const throughput: Record<string, ReturnType<typeof compare>> = {};
  try {
    await waitForUrl(`http://127.0.0.1:${NGINX_PORT}/en/about`);
    for (const page of measured) {
      for (const encoding of [undefined, "gzip"]) {
        throughput[`${page.path} ${encoding ?? "identity"}`] = compare(
          [
            { label: "ours", url: `${ours}${page.path}` },
            { label: "nginx", url: `http://127.0.0.1:${NGINX_PORT}${page.path}` },
          ],
          encoding,
        );
      }
    }
  } finally {
    nginx.stop();
  }

  console.log(
    "\n| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | JS KB gz | JS KB br | CSS KB gz | HTML KB gz " +
      "| islands | scripts |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.url} | ${r.performance ?? "-"} | ${r.accessibility ?? "-"} | ${r.bestPractices ?? "-"} | ` +
        `${r.seo ?? "-"} | ${r.lcpMs ?? "-"} | ${r.tbtMs ?? "-"} | ${r.cls ?? "-"} | ` +
        `${r.jsKb} | ${r.jsBrKb} | ${r.cssKb} | ${r.htmlKb} | ` +
        `${r.islands.join(", ") || "-"} | ${r.scripts.join(", ")} |`,
    );
  }
  // The chrome script (theme, consent, menus) is the one every page loads; a page without islands loads it alone.
  const chromeOnly = rows.filter((r) => r.islands.length === 0);
  const chromeOnlyHeld = chromeOnly.every((r) => r.scripts.length === 1 && r.scripts[0] === "chrome");
  console.log("\n| page, encoding | ours req/s | nginx req/s | ratio | ours p99 ms | nginx p99 ms |");
  console.log("|---|---|---|---|---|---|");
  for (const [encoding, [a, b]] of Object.entries(throughput)) {
    console.log(
      `| ${encoding} | ${a!.requestsPerSecond.toFixed(0)} | ${b!.requestsPerSecond.toFixed(0)} | ` +
        `${(a!.requestsPerSecond / b!.requestsPerSecond).toFixed(2)} | ${a!.p99Ms} | ${b!.p99Ms} |`,
    );
  }
  const worst = (key: keyof Scores) => (runLighthouse ? Math.min(...rows.map((r) => r[key] as number)) : "-");
  console.log(
    `\nTargets: Lighthouse 100/100/100/100 (worst: ` +
      `${worst("performance")}/${worst("accessibility")}/${worst("bestPractices")}/${worst("seo")}), ` +
      `first-load JS <= 50 KB brotli (worst: ${Math.max(...rows.map((r) => r.jsBrKb))}), ` +
      `pages without islands load only the chrome script ` +
      `(${chromeOnly.length} pages: ${chromeOnlyHeld ? "yes" : "NO"}), ` +
      `throughput >= 0.75 of nginx.`,
  );
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, "bench/results/web.json"),
    JSON.stringify({ at: new Date().toISOString(), rows, throughput }, null, 2),
  );
} finally {
  server.kill();
  await fleet?.stop();
}
