// npm run demo: the product with a simulated fleet on loopback. Every spec
// service on both hosts answers with realistic latency and now and then
// degrades or fails; nginx, HAProxy, the AI services and the certificates are
// simulated too, so every dashboard panel is live. The API says demo: true.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoConfig, startDemoFleet } from "./demo-config.ts";

const fleet = await startDemoFleet();
const file = join(mkdtempSync(join(tmpdir(), "demo-")), "monitoring.yaml");
writeFileSync(file, demoConfig(fleet));
console.log(`Simulated fleet on 127.0.0.1:${fleet.port}; monitoring configuration: ${file}`);
console.log("Sign in at http://localhost:3000/admin (create an account first: npm run admin -- create <username>).");

const server = spawn("npm", ["start"], { stdio: "inherit", env: { ...process.env, MONITORING_CONFIG: file, MONITORING_DEMO: "true" } });
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", async (code) => {
  await fleet.stop();
  process.exit(code ?? 0);
});
