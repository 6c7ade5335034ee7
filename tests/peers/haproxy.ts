// Starts a real HAProxy for the tests (the `haproxy` on PATH, or
// HAPROXY_BIN), in the foreground (-db) with a configuration written to a
// fresh temporary directory: a stats page with basic auth, a stats socket, a
// frontend and a backend whose servers are checked every 200 ms. A fake
// HAProxy would only confirm our own reading of the format; this one writes
// the CSV the way production does.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.ts";

export type TestHaproxy = {
  /** The stats page (without ";csv") and its credentials. */
  statsUrl: string;
  username: string;
  password: string;
  socketPath: string;
  frontendName: string;
  frontendPort: number;
  backendName: string;
  /** What HAProxy wrote to stdout and stderr, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export type TestHaproxyOptions = {
  /** The backend's servers, all on 127.0.0.1, all health-checked. */
  servers: { name: string; port: number }[];
  /** Health checks every 200 ms (default); false leaves them off ("no check"), as a benchmark of many servers wants. */
  checks?: boolean;
};

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startHaproxy(options: TestHaproxyOptions): Promise<TestHaproxy> {
  const dir = await mkdtemp(join(tmpdir(), "haproxy-test-"));
  const statsPort = await freePort();
  const frontendPort = await freePort();
  const username = "ops";
  const password = randomBytes(12).toString("hex");
  const socketPath = join(dir, "haproxy.sock");
  // No user/group directives: the tests may run as root or not, and HAProxy
  // needs neither to listen on unprivileged loopback ports.
  const config = [
    "global",
    `  stats socket ${socketPath} level user`,
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 5s",
    "  timeout server 5s",
    "listen stats",
    `  bind 127.0.0.1:${statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    `  stats auth ${username}:${password}`,
    "frontend web",
    `  bind 127.0.0.1:${frontendPort}`,
    "  default_backend app",
    "backend app",
    ...options.servers.map(
      (server) =>
        `  server ${server.name} ` +
        `127.0.0.1:${server.port}${options.checks === false ? "" : " check inter 200ms fall 1 rise 1"}`,
    ),
    "",
  ].join("\n");
  const configPath = join(dir, "haproxy.cfg");
  await writeFile(configPath, config);

  let output = "";
  const child = spawn(process.env.HAPROXY_BIN ?? "haproxy", ["-f", configPath, "-db"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A holder, not a variable: TypeScript would narrow a plain `let` to its initial null.
  const failure: { error?: Error } = {};
  child.once("error", (error) => (failure.error = error));

  const stop = async () => {
    if (!exited(child) && child.pid !== undefined) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 3000))) {
        child.kill("SIGKILL");
        await waitForExit(child, 3000);
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  // Up means the stats page answers; the servers' checks are the caller's to wait for.
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (failure.error || exited(child)) {
      await stop();
      throw new Error(
        `haproxy did not start: ${failure.error?.message ?? `exit ${child.exitCode ?? child.signalCode}`}\n${output}`,
      );
    }
    const answered = await fetch(statsUrl, { signal: AbortSignal.timeout(500) }).then(
      (response) => response.body?.cancel().then(() => true) ?? true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not answer on ${statsUrl} within 10 s\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    statsUrl,
    username,
    password,
    socketPath,
    frontendName: "web",
    frontendPort,
    backendName: "app",
    output: () => output,
    stop,
  };
}
