// Two instances on one database (PostgreSQL when TEST_DATABASE_URL is set,
// else one SQLite file): only one runs the checks, no alert goes out twice,
// and when that one is killed outright the other takes over within two
// intervals. No browser: real server processes.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startServer } from "./server-process.ts";

const INTERVAL_S = 5;
const LEADER_LINE = "this process runs the health checks";

async function sharedDatabase(dataDir: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const query = async (text: string) => {
      const db = new SQLite(join(dataDir, "app.db"), { readonly: true });
      try {
        return db.prepare(text).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    };
    return { env: { DATABASE_URL: "" }, query, drop: async () => undefined };
  }
  const name = `failover_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: own.toString() });
  await client.connect();
  return {
    env: { DATABASE_URL: own.toString() },
    query: async (text: string) => (await client.query(text)).rows as Record<string, unknown>[],
    drop: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function collect(server: ChildProcess) {
  const out = { text: "" };
  server.stdout!.on("data", (chunk: Buffer) => (out.text += chunk.toString()));
  return out;
}

test(
  "two instances: one runs the checks, alerts go out once, " + "and a SIGKILL hands over within two intervals",
  async () => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(join(tmpdir(), "failover-"));
    const database = await sharedDatabase(dataDir);
    const configFile = join(dataDir, "monitoring.yaml");
    // One service whose central host never answers: a failure alert, then the cooldown.
    writeFileSync(
      configFile,
      `alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: sentiment-service
    name: Sentiment analysis
    profile: critical
    hosts: { centron: { tcp: "127.0.0.1:9" } }
`,
    );
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      MONITORING_CONFIG: configFile,
    };
    const a = startServer(3195, env);
    const b = startServer(3196, env);
    const logs = [collect(a), collect(b)];
    const exits = [a, b].map((server) => new Promise((resolve) => server.on("exit", resolve)));
    try {
      await expect.poll(() => logs.filter((log) => log.text.includes(LEADER_LINE)).length, { timeout: 20_000 }).toBe(1);
      const leaderIndex = logs.findIndex((log) => log.text.includes(LEADER_LINE));
      const [leader, follower] = leaderIndex === 0 ? [a, b] : [b, a];
      const followerLog = logs[1 - leaderIndex]!;

      const lastCycle = async () =>
        Number((await database.query("select value from monitor_meta where key = 'last_cycle_at'"))[0]?.value ?? 0);
      await expect.poll(lastCycle, { timeout: 15_000 }).toBeGreaterThan(0);
      // Two more cycles with both up (waited for, not slept through): still one runner, one alert.
      for (let cycle = 0; cycle < 2; cycle += 1) {
        const seen = await lastCycle();
        await expect.poll(lastCycle, { timeout: 4 * INTERVAL_S * 1000 }).toBeGreaterThan(seen);
      }
      expect(followerLog.text).not.toContain(LEADER_LINE);

      leader.kill("SIGKILL");
      const killedAt = Date.now();
      await expect
        .poll(() => followerLog.text.includes(LEADER_LINE), { timeout: 4 * INTERVAL_S * 1000, intervals: [100] })
        .toBe(true);
      // The lease runs out within an interval: taken over well inside three, even on a busy machine.
      expect(Date.now() - killedAt).toBeLessThan(3 * INTERVAL_S * 1000 + 2_000);
      const before = await lastCycle();
      await expect.poll(lastCycle, { timeout: 2 * INTERVAL_S * 1000 }).toBeGreaterThan(before);

      const incidents = await database.query("select target, announced from incidents where test = 0");
      expect(incidents).toEqual([{ target: "service:sentiment-service/centron", announced: 1 }]);
      const mail = await database.query("select payload from outbox where kind = 'alert' order by id");
      expect(mail.map((row) => (JSON.parse(String(row.payload)) as { subject: string }).subject)).toEqual([
        "[ALERT] Sentiment analysis is unhealthy (centron)",
      ]);
      follower.kill("SIGTERM");
    } finally {
      for (const server of [a, b]) if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      await Promise.all(exits);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
