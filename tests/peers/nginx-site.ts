// The shipped nginx site (deploy/nginx-site.conf) run by a real nginx in front
// of a server on loopback. The file tested is the file shipped: only its
// machine-specific values (name, ports, certificate, build, webroot and log paths) are
// replaced, each of which must be found, so a renamed value fails here rather
// than leaving a production path in the test. Debian's nginx.conf would
// include the site in its http block; a minimal one does that here.
import type { ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { kill, launch } from "./nginx.ts";
import { freePort } from "./ports.ts";

const SITE_FILE = new URL("../../deploy/nginx-site.conf", import.meta.url);
const STARTUP_MS = 10_000;

/** Where the site finds what the server's machine would have in /etc/letsencrypt, /opt and /var/www. */
export type SitePaths = {
  appPort: number;
  certFile: string;
  keyFile: string;
  /** Stands for /opt/muster-web/build: client/assets and islands/assets below it. */
  buildDir: string;
  /** Stands for /var/www/html, certbot's webroot. */
  webroot: string;
};

export type SiteNginx = {
  /** The server name the site answers to (www.example.com in the shipped file). */
  serverName: string;
  httpPort: number;
  httpsPort: number;
  accessLog: string;
  /** nginx's error log, the site's and its own. */
  errorLog: string;
  /** Stops nginx and removes its directory. Safe to call twice. */
  stop: () => Promise<void>;
};

export const SERVER_NAME = "localhost";

/** The shipped site with this machine's values in place of the production ones. */
export function renderSite(site: string, paths: SitePaths, ports: { http: number; https: number }, log: string) {
  const replacements: [string, string][] = [
    ["/etc/letsencrypt/live/www.example.com/fullchain.pem", paths.certFile],
    ["/etc/letsencrypt/live/www.example.com/privkey.pem", paths.keyFile],
    ["www.example.com", SERVER_NAME],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${paths.appPort};`],
    // IPv6 may be off on a test machine; the IPv4 listeners stand for both.
    ["listen [::]:80;", ""],
    ["listen [::]:443 ssl http2;", ""],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["/opt/muster-web/build", paths.buildDir],
    ["/var/www/html", paths.webroot],
    ["/var/log/nginx/muster-web.access.log", log],
    ["/var/log/nginx/error.log", join(dirname(log), "error.log")],
  ];
  return replacements.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx-site.conf no longer contains "${from}"`);
    return text.replaceAll(from, to);
  }, site);
}

function mainConfig(dir: string): string {
  const path = (name: string) => join(dir, name);
  return `worker_processes 1;
pid ${path("nginx.pid")};
error_log ${path("error.log")} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${path("client_body")};
  proxy_temp_path ${path("proxy")};
  fastcgi_temp_path ${path("fastcgi")};
  uwsgi_temp_path ${path("uwsgi")};
  scgi_temp_path ${path("scgi")};
  include ${path("site.conf")};
}
`;
}

/** True once the plain-HTTP server answers with a redirect to HTTPS (nginx's own answer, not another program's). */
async function redirecting(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      redirect: "manual",
      signal: AbortSignal.timeout(1000),
    });
    const redirect = response.status >= 300 && response.status < 400;
    return redirect && (response.headers.get("location") ?? "").startsWith("https://");
  } catch {
    return false;
  }
}

async function waitForSite(child: ChildProcess, failure: Promise<string>, port: number): Promise<string | null> {
  const state: { failed: string | null } = { failed: null };
  void failure.then((reason) => (state.failed = reason));
  const deadline = Date.now() + STARTUP_MS;
  while (state.failed === null && Date.now() < deadline) {
    if (await redirecting(port)) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill(child);
  const said = await Promise.race([failure, new Promise<string>((r) => setTimeout(() => r(""), 1000))]);
  return state.failed ?? `nginx did not answer within ${STARTUP_MS} ms; ${said}`;
}

export async function startSiteNginx(paths: SitePaths): Promise<SiteNginx> {
  const dir = await mkdtemp(join(tmpdir(), "nginx-site-"));
  await chmod(dir, 0o755);
  const site = await readFile(SITE_FILE, "utf8");
  const accessLog = join(dir, "access.log");
  let lastFailure = "";
  // Ports found free may be taken before nginx binds them: a few tries.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const ports = { http: await freePort(), https: await freePort() };
    await writeFile(join(dir, "site.conf"), renderSite(site, paths, ports, accessLog));
    const { child, failure } = await launch(dir, mainConfig(dir));
    const failed = await waitForSite(child, failure, ports.http);
    if (failed === null) {
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        await kill(child);
        await rm(dir, { recursive: true, force: true });
      };
      const errorLog = join(dir, "error.log");
      return { serverName: SERVER_NAME, httpPort: ports.http, httpsPort: ports.https, accessLog, errorLog, stop };
    }
    lastFailure = failed;
    if (!lastFailure.includes("Address already in use")) break;
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(lastFailure);
}
