// An attacker's minute against the real server: two worker processes, real
// sockets from many loopback addresses (Linux routes all of 127.0.0.0/8 to
// loopback), on SQLite and, where TEST_DATABASE_URL is set, on PostgreSQL.
import { chmodSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { databaseEnv, DATABASES, sendFrom, startTarget, stopTarget } from "./attack-client.ts";
import { waitUntilUp } from "./server-process.ts";

const PORT = 3194;
const origin = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "attack-admin", password: "a long test passphrase 77" };

// In order (one port), but a failure does not skip the tests after it: each starts its own server.
test.describe.configure({ mode: "default" });

const send = (from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  sendFrom(PORT, from, method, path, body, headers);

const signIn = (from: string, password: string, cookie?: string) =>
  send(from, "POST", "/api/auth/sign-in", { username: ADMIN.username, password }, cookie ? { Cookie: cookie } : {});

/** Starts the server, after making sure nothing else (a server a crashed run left behind) holds its port. */
async function startWithUmask(env: Record<string, string>) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
      .once("error", (error: NodeJS.ErrnoException) =>
        reject(new Error(`port ${PORT} is taken by another process (${error.code}): stop it first`)),
      )
      .listen(PORT, "127.0.0.1", () => probe.close(() => resolve()));
  });
  return startTarget(PORT, env);
}
const stop = stopTarget;

for (const kind of DATABASES) {
  test(
    `sign-in on ${kind}: 40 parallel guesses are held, a distributed lockout never shuts out the admin's ` + `browser`,
    async () => {
      test.setTimeout(120_000);
      const { env, drop } = await databaseEnv(kind, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
      const { server } = await startWithUmask(env);
      try {
        await waitUntilUp(origin, 60_000, server);
        // The admin's browser signed in earlier and keeps its device cookie.
        const first = await signIn("127.0.1.1", ADMIN.password);
        expect(first.status).toBe(200);
        const device = (first.headers["set-cookie"] as string[]).find((c) => c.startsWith("device="))!.split(";")[0]!;

        // 40 wrong guesses at once from one address: both workers, one database.
        const parallel = await Promise.all(
          Array.from({ length: 40 }, (_, i) => signIn("127.0.2.1", `parallel guess ${i}`)),
        );
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
    },
  );
}

test(
  "the data directory is private after start with umask 022, " + "and an old one is tightened with a log line",
  async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "modes-")), "data");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const old = new SQLite(join(dataDir, "app.db"));
    old.close();
    chmodSync(join(dataDir, "app.db"), 0o644);
    const { server, log } = await startWithUmask({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      await waitUntilUp(origin, 60_000, server);
      const mode = (name: string) => (statSync(join(dataDir, name)).mode & 0o777).toString(8);
      expect(mode(".")).toBe("700");
      for (const name of ["app.db", "app.db-wal", "app.db-shm"]) expect(mode(name), name).toBe("600");
      expect(log()).toContain("the data directory was readable by other users");
    } finally {
      await stop(server);
    }
  },
);

test("no redirect leaves the origin, however the path is spelled on the wire", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "redirect-"));
  const { server } = await startWithUmask({ DATA_DIR: dataDir, DATABASE_URL: "", WEB_CONCURRENCY: "1" });
  try {
    await waitUntilUp(origin, 60_000, server);
    for (const target of [
      "//evil.example/",
      "//evil.example",
      "///evil.example/",
      "/\\evil.example/",
      "/%2F%2Fevil.example/",
      "/%5Cevil.example/",
      "//evil.example/%2e%2e/",
    ]) {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(PORT, "127.0.0.1", () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`),
        );
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
