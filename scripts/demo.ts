// npm run demo: the product with a simulated fleet on loopback. Every shipped
// service on both hosts answers with realistic latency and now and then
// degrades or fails; nginx, HAProxy, the AI services and the certificates are
// simulated too, so every dashboard panel is live. The API says demo: true.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PUSH_TOKEN, demoConfig, startDemoFleet } from "./demo-config.ts";

const fleet = await startDemoFleet();
const file = join(mkdtempSync(join(tmpdir(), "demo-")), "monitoring.yaml");
writeFileSync(file, demoConfig(fleet, { showcase: true }));
console.log(`Simulated fleet on 127.0.0.1:${fleet.port}; monitoring configuration: ${file}`);
console.log("Sign in at http://localhost:3000/admin (create an account first: npm run admin -- create <username>).");

const server = spawn("npm", ["start"], {
  stdio: "inherit",
  env: { ...process.env, MONITORING_CONFIG: file, MONITORING_DEMO: "true" },
});
// The showcase's "nightly backup" reports a run every 30 s, as a cron job would with curl.
const origin = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
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
