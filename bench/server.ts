// npm run bench:server: requests per second and p99 latency of
//   GET /api/auth/session with a valid session (database read per request),
//   GET of a prerendered page,
// beside Debian's nginx serving a static file, in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runWrk, startNginx, startOurServer, waitForUrl } from "./throughput.ts";

const root = process.cwd();
const PORT = 3451;
const NGINX_PORT = 3452;
const ours = `http://127.0.0.1:${PORT}`;
const admin = { username: "bench", password: "a long measuring passphrase 1" };

execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], { stdio: "inherit" });
const dataDir = mkdtempSync(join(tmpdir(), "bench-server-"));
const server = startOurServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LOG_LEVEL: "warn" });
try {
  await waitForUrl(`${ours}/healthz`);
  const signIn = await fetch(`${ours}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ours },
    body: JSON.stringify(admin),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!signIn.ok || !cookie) throw new Error(`sign-in for the bench failed: ${signIn.status}`);

  const nginx = startNginx(join(root, "build/app/client/favicon.svg"), "/favicon", NGINX_PORT);
  try {
    await waitForUrl(`http://127.0.0.1:${NGINX_PORT}/favicon`);
    const rows = [
      { label: "GET /api/auth/session (valid session)", ...runWrk(`${ours}/api/auth/session`, 5, undefined, [`Cookie: ${cookie}`]) },
      { label: "GET /en/about (prerendered, gzip)", ...runWrk(`${ours}/en/about`, 5, "gzip") },
      { label: "nginx: static file", ...runWrk(`http://127.0.0.1:${NGINX_PORT}/favicon`, 5) },
    ];
    console.log("\n| request | req/s | p99 ms |\n|---|---|---|");
    for (const row of rows) console.log(`| ${row.label} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99Ms} |`);
  } finally {
    nginx.stop();
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
