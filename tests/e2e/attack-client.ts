// What the attack tests share: the production server as its own process
// (with its log kept), requests from any loopback address (Linux routes all
// of 127.0.0.0/8 to loopback, so each is another client on the internet), and
// a fresh database of either kind.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request to the server on `port` from one loopback address, on a connection of its own. */
export function sendFrom(
  port: number,
  from: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method,
        path,
        agent: false,
        headers: {
          Origin: `http://127.0.0.1:${port}`,
          ...(data ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(data)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/**
 * A monitoring file with nothing monitored, unless given one: the shipped placeholders have nothing to do with attacks.
 */
export function monitoringFile(text = "alerts: { to: ops@example.com }\nservices: []\n"): string {
  const file = join(mkdtempSync(join(tmpdir(), "attack-config-")), "monitoring.yaml");
  writeFileSync(file, text);
  return file;
}

/**
 * The production server with two workers, started under the common umask 022 (new files readable by every local user).
 */
export function startTarget(port: number, env: Record<string, string>): { server: ChildProcess; log: () => string } {
  const server = spawn("sh", ["-c", 'umask 022 && exec "$0" build/server/index.js', process.execPath], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "2",
      MONITORING_CONFIG: monitoringFile(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { server, log: () => output };
}

export async function stopTarget(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** The databases to attack: SQLite in a fresh folder, and a fresh PostgreSQL database when one is at hand. */
export const DATABASES = ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export async function databaseEnv(
  kind: string,
  base: Record<string, string>,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "attack-"));
  if (kind === "sqlite") return { env: { ...base, DATA_DIR: dataDir, DATABASE_URL: "" }, drop: async () => {} };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `attack_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url.href);
  own.pathname = `/${name}`;
  return {
    env: { ...base, DATA_DIR: dataDir, DATABASE_URL: own.href },
    drop: async () => {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
