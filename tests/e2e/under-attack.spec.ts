// An attacker's minute against the real server: two worker processes, real
// sockets from many loopback addresses (Linux routes all of 127.0.0.0/8 to
// loopback), on SQLite and, where TEST_DATABASE_URL is set, on PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { waitUntilUp } from "./server-process.ts";

const PORT = 3194;
const origin = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "attack-admin", password: "a long test passphrase 77" };

// In order (one port), but a failure does not skip the tests after it: each starts its own server.
test.describe.configure({ mode: "default" });

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request from one loopback address, as another client on the internet would make it. */
function send(from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: PORT,
        localAddress: from,
        method,
        path,
        agent: false,
        headers: { Origin: origin, ...(data ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(data)) } : {}), ...headers },
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

const signIn = (from: string, password: string, cookie?: string) =>
  send(from, "POST", "/api/auth/sign-in", { username: ADMIN.username, password }, cookie ? { Cookie: cookie } : {});

function startWithUmask(env: Record<string, string>): { server: ChildProcess; log: () => string } {
  // Nothing monitored: the shipped placeholders have nothing to do with this.
  const monitoring = join(mkdtempSync(join(tmpdir(), "attack-config-")), "monitoring.yaml");
  writeFileSync(monitoring, "alerts: { to: ops@example.com }\nservices: []\n");
  // The common umask 022, which makes new files readable by every local user.
  const server = spawn("sh", ["-c", 'umask 022 && exec "$0" build/server/index.js', process.execPath], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "info", WEB_CONCURRENCY: "2", MONITORING_CONFIG: monitoring, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { server, log: () => output };
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** The databases to attack: SQLite in a fresh folder, and a fresh PostgreSQL database when one is at hand. */
const DATABASES = ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

async function databaseEnv(kind: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "attack-"));
  const base = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  if (kind === "sqlite") return { env: { ...base, DATABASE_URL: "" }, drop: async () => {} };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `attack_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url.href);
  own.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: own.href },
    drop: async () => {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

for (const kind of DATABASES) {
  test(`sign-in on ${kind}: 40 parallel guesses are held, a distributed lockout never shuts out the admin's browser`, async () => {
    test.setTimeout(120_000);
    const { env, drop } = await databaseEnv(kind);
    const { server } = startWithUmask(env);
    try {
      await waitUntilUp(origin);
      // The admin's browser signed in earlier and keeps its device cookie.
      const first = await signIn("127.0.1.1", ADMIN.password);
      expect(first.status).toBe(200);
      const device = (first.headers["set-cookie"] as string[]).find((c) => c.startsWith("device="))!.split(";")[0]!;

      // 40 wrong guesses at once from one address: both workers, one database.
      const parallel = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn("127.0.2.1", `parallel guess ${i}`)));
      const statuses = parallel.map((answer) => answer.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 401)).toHaveLength(6);
      expect(statuses.filter((s) => s === 429)).toHaveLength(34);

      // 5 guesses from each of 21 more addresses: the account is held for untrusted clients...
      for (let n = 0; n < 21; n += 1) {
        await Promise.all(Array.from({ length: 5 }, (_, g) => signIn(`127.0.3.${n + 1}`, `guess ${n}-${g}`)));
      }
      const fresh = await signIn("127.0.4.1", ADMIN.password);
      expect(fresh.status).toBe(429);
      expect(Number(fresh.headers["retry-after"])).toBeLessThanOrEqual(3600);
      // ...never for the browser that signed in before, from wherever it comes.
      expect((await signIn("127.0.4.2", ADMIN.password, device)).status).toBe(200);
      expect((await signIn("127.0.3.1", ADMIN.password, device)).status).toBe(200);
    } finally {
      await stop(server);
      await drop();
    }
  });
}

test("the data directory is private after start with umask 022, and an old one is tightened with a log line", async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "modes-")), "data");
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  const old = new SQLite(join(dataDir, "app.db"));
  old.close();
  chmodSync(join(dataDir, "app.db"), 0o644);
  const { server, log } = startWithUmask({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    await waitUntilUp(origin);
    const mode = (name: string) => (statSync(join(dataDir, name)).mode & 0o777).toString(8);
    expect(mode(".")).toBe("700");
    for (const name of ["app.db", "app.db-wal", "app.db-shm"]) expect(mode(name), name).toBe("600");
    expect(log()).toContain("the data directory was readable by other users");
  } finally {
    await stop(server);
  }
});

test("no redirect leaves the origin, however the path is spelled on the wire", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "redirect-"));
  const { server } = startWithUmask({ DATA_DIR: dataDir, DATABASE_URL: "", WEB_CONCURRENCY: "1" });
  try {
    await waitUntilUp(origin);
    for (const target of ["//evil.example/", "//evil.example", "///evil.example/", "/\\evil.example/", "/%2F%2Fevil.example/", "/%5Cevil.example/", "//evil.example/%2e%2e/"]) {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(PORT, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`));
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("end", () => resolve(text.split("\r\n\r\n")[0]!));
        socket.on("error", reject);
      });
      const location = /^location: (.*)$/im.exec(head)?.[1];
      if (location !== undefined) expect(new URL(location, origin).origin, `${target} -> ${location}`).toBe(origin);
    }
  } finally {
    await stop(server);
  }
});
