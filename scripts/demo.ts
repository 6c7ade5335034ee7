// npm run demo: the product with a simulated fleet on loopback. Every shipped
// service on both hosts answers with realistic latency and now and then
// degrades or fails; nginx, HAProxy, the AI services and the certificates are
// simulated too, so every dashboard panel is live. The API says demo: true.
// Its incidents and test alerts are made up, so it keeps them in a data
// directory of its own (DEMO_DATA_DIR, ./data/demo), never in the real one.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadDotEnv } from "#server/config.ts";
import { DEMO_PUSH_TOKEN, demoConfig, startDemoFleet } from "./demo-config.ts";

loadDotEnv();
const dataDir = resolve(process.env.DEMO_DATA_DIR || "./data/demo");
if (dataDir === resolve(process.env.DATA_DIR || "./data")) {
  console.error(`DEMO_DATA_DIR (${dataDir}) is the real DATA_DIR: the demo would mix made-up incidents into it.`);
  process.exit(1);
}
if (process.argv.includes("--reset")) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
// A wildcard address is not one a browser can open; this machine answers on it.
const browserHost = ["0.0.0.0", "::", "[::]"].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;

const fleet = await startDemoFleet();
const file = join(mkdtempSync(join(tmpdir(), "demo-")), "monitoring.yaml");
writeFileSync(file, demoConfig(fleet, { showcase: true }));
console.log(`Simulated fleet on 127.0.0.1:${fleet.port}; monitoring configuration: ${file}`);
console.log(`Demo data: ${dataDir} (apart from the real data; start afresh with: npm run demo -- --reset)`);
console.log(
  `Sign in at http://${browserHost}:${port}/admin (create an account first: ` +
    `DATA_DIR=${dataDir} npm run admin -- create <username>).`,
);

const server = spawn("npm", ["start"], {
  stdio: "inherit",
  // DATABASE_URL empty: a PostgreSQL database named in .env is the real one, so the demo stays on its SQLite.
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", MONITORING_CONFIG: file, MONITORING_DEMO: "true" },
});
// The showcase's "nightly backup" reports a run every 30 s, as a cron job would with curl.
const origin = `http://127.0.0.1:${port}`;
const backupJob = setInterval(
  () => void fetch(`${origin}/api/push/${DEMO_PUSH_TOKEN}?status=up&msg=OK`, { method: "POST" }).catch(() => undefined),
  30_000,
);
const stop = () => (clearInterval(backupJob), server.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", async (code) => {
  await fleet.stop();
  process.exit(code ?? 0);
});
