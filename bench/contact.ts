// npm run bench:contact: accepted contact submissions per second and p99
// latency (POST /api/contact, each one committed to the database before its
// 202), beside the same server's GET /healthz in the same run; then the
// server's memory once it has taken 10,000 submissions. Rate limits are off
// here (CONTACT_LIMIT_PER_IP=0, CONTACT_LIMIT_GLOBAL=0) and no mail server is
// configured, so what is measured is the intake, not SMTP.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { runWrk, startOurServer, waitForUrl } from "./throughput.ts";

const root = process.cwd();
const PORT = 3453;
const ours = `http://127.0.0.1:${PORT}`;
const TARGET = 10_000;

execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});
const dataDir = mkdtempSync(join(tmpdir(), "bench-contact-"));
const server = startOurServer(PORT, {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  CONTACT_LIMIT_PER_IP: "0",
  CONTACT_LIMIT_GLOBAL: "0",
  SMTP_URL: "",
});

/** Resident memory of the server: the primary and its workers, in MB. */
function memoryMb(): number {
  const out = execFileSync("ps", ["-o", "rss=", "--pid", String(server.pid), "--ppid", String(server.pid)], {
    encoding: "utf8",
  });
  return out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
}

function storedCount(): number {
  const database = new SQLite(join(dataDir, "app.db"), { readonly: true });
  try {
    return (database.prepare("select count(*) as n from contact_messages").get() as { n: number }).n;
  } finally {
    database.close();
  }
}

try {
  await waitForUrl(`${ours}/healthz`);
  // The contact page carries its form token in a cookie; the bench sends it in the body, as an API client may.
  const page = await fetch(`${ours}/en/contact`);
  const token = /form-token=([^;]+)/.exec(page.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("no form token with the contact page");
  await new Promise((resolve) => setTimeout(resolve, 3_100)); // the time trap
  const body = JSON.stringify({
    name: "Bench Mark",
    email: "bench@example.org",
    subject: "Benchmark message",
    message: "A message of ordinary length, as a visitor would write it, to measure the intake path.",
    website: "",
    token,
  });
  const script = join(dataDir, "post.lua");
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
  );

  const baseline = memoryMb();
  runWrk(`${ours}/healthz`, 1); // warm up
  const health = runWrk(`${ours}/healthz`, 5);
  const contact = runWrk(`${ours}/api/contact`, 5, undefined, [], script);
  if (contact.failed > 0) throw new Error(`${contact.failed} submissions were not accepted`);
  while (storedCount() < TARGET) runWrk(`${ours}/api/contact`, 2, undefined, [], script);
  const stored = storedCount();
  const after = memoryMb();

  console.log("\n| request | req/s | p99 ms | vs /healthz |\n|---|---|---|---|");
  console.log(`| GET /healthz | ${health.requestsPerSecond.toFixed(0)} | ${health.p99Ms} | 1.00 |`);
  console.log(
    `| POST /api/contact (stored, 202) | ${contact.requestsPerSecond.toFixed(0)} | ${contact.p99Ms} | ` +
      `${(contact.requestsPerSecond / health.requestsPerSecond).toFixed(2)} |`,
  );
  console.log(
    `\nMemory (RSS, all server processes): ${baseline.toFixed(0)} MB at start, ${after.toFixed(0)} MB after ` +
      `${stored} submissions.`,
  );
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
