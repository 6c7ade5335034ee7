// A real nginx for the tests: the stub_status reader is checked against the
// page nginx itself writes, not against a copy of its format. Each instance
// runs in the foreground from a fresh temporary directory holding its
// config, pid, logs, temp paths and an htpasswd file, on a free loopback
// port, so tests never touch a system nginx or each other.
// The binary is `nginx` on the PATH, or NGINX_BIN.
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.ts";

export type TestNginx = {
  baseUrl: string;
  /** The stub_status page, open to all. */
  statusUrl: string;
  /** The same page behind auth_basic, for `username` / `password`. */
  protectedStatusUrl: string;
  username: string;
  password: string;
  /** Fast shutdown (SIGTERM: master and worker exit), then the directory is removed. Safe to call twice. */
  stop: () => Promise<void>;
};

const STARTUP_MS = 10_000;

/**
 * A one-worker nginx on 127.0.0.1:port serving `locations` (nginx's own lines), with every path nginx would otherwise
 * take from its build (/var/lib/nginx, /var/log/nginx) inside dir.
 */
export function nginxConfig(dir: string, port: number, locations: string): string {
  const path = (name: string) => join(dir, name);
  return `worker_processes 1;
pid ${path("nginx.pid")};
error_log ${path("error.log")} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${path("client_body")};
  proxy_temp_path ${path("proxy")};
  fastcgi_temp_path ${path("fastcgi")};
  uwsgi_temp_path ${path("uwsgi")};
  scgi_temp_path ${path("scgi")};
  server {
    listen 127.0.0.1:${port};
${locations}
    location / { default_type text/plain; return 200 "ok\\n"; }
  }
}
`;
}

function config(dir: string, port: number): string {
  return nginxConfig(
    dir,
    port,
    `    location = /nginx_status { stub_status; }
    location = /protected_status {
      auth_basic "status";
      auth_basic_user_file ${join(dir, "htpasswd")};
      stub_status;
    }`,
  );
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Stops the nginx this launcher started: SIGTERM to the master (it takes its worker along), SIGKILL to its group if it
 * hangs.
 */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const done = await Promise.race([
    exited(child).then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), 5000)),
  ]);
  if (done || child.pid === undefined) return;
  try {
    // The group is the one spawned here (detached), so this reaches the worker too and nothing else.
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  await exited(child);
}

/** Runs nginx in the foreground on `configText` (written to dir/nginx.conf); `failure` settles with why it exited. */
export async function launch(
  dir: string,
  configText: string,
): Promise<{ child: ChildProcess; failure: Promise<string> }> {
  await writeFile(join(dir, "nginx.conf"), configText);
  const child = spawn(
    process.env.NGINX_BIN ?? "nginx",
    // -e: the error log before the config is read, which would otherwise be the build's path.
    ["-p", `${dir}/`, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf"), "-g", "daemon off;"],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const failure = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(`nginx did not start: ${error.message} (set NGINX_BIN?)`));
    child.once("exit", async (code, signal) => {
      const log = await readFile(join(dir, "error.log"), "utf8").catch(() => "");
      resolve(`nginx exited (${signal ?? code}): ${stderr}${log}`.trim());
    });
  });
  return { child, failure };
}

async function answering(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    // Its own page, not whatever else may have grabbed the port.
    return response.ok && (await response.text()).startsWith("Active connections:");
  } catch {
    return false;
  }
}

export async function startNginx(): Promise<TestNginx> {
  const dir = await mkdtemp(join(tmpdir(), "nginx-test-"));
  // Run as root, nginx's worker is "nobody" and reads the htpasswd file per request.
  await chmod(dir, 0o755);
  const username = "monitor";
  const password = "s3cret-for-stub-status";
  // {PLAIN} is nginx's own clear-text scheme: good enough for a throwaway test password.
  await writeFile(join(dir, "htpasswd"), `${username}:{PLAIN}${password}\n`, { mode: 0o644 });

  let lastFailure = "";
  // A port found free may be taken before nginx binds it: a few tries.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const { child, failure } = await launch(dir, config(dir, port));
    const state: { failed: string | null } = { failed: null };
    void failure.then((reason) => (state.failed = reason));
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + STARTUP_MS;
    while (state.failed === null && Date.now() < deadline) {
      if (await answering(`${baseUrl}/nginx_status`)) {
        let stopped = false;
        return {
          baseUrl,
          statusUrl: `${baseUrl}/nginx_status`,
          protectedStatusUrl: `${baseUrl}/protected_status`,
          username,
          password,
          stop: async () => {
            if (stopped) return;
            stopped = true;
            await kill(child);
            await rm(dir, { recursive: true, force: true });
          },
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await kill(child);
    // Once nginx is gone its exit handler has read the error log: that says why.
    const timedOut = `nginx did not answer within ${STARTUP_MS} ms`;
    const said = await Promise.race([failure, new Promise<string>((r) => setTimeout(() => r(""), 1000))]);
    lastFailure = `${state.failed === null ? `${timedOut}; ` : ""}${said}`;
    if (!lastFailure.includes("Address already in use")) break;
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(lastFailure);
}
