// Uptime Kuma 2.x as a peer for `npm run bench:peer`: its production server (`node server/server.js` in a checkout
// where `npm ci` and `npm run build` ran) on loopback with a fresh data directory, set up and given its monitors
// through its own Socket.IO API, the one its web app uses: the admin account as on the setup page, each monitor as
// the "Add New Monitor" form sends it with only the name and URL typed in (an HTTP monitor, 60 s, no retries, a
// 48 s timeout, 200-299 accepted, no notification). Nothing of Kuma's is imported at build time: its Socket.IO
// client is loaded from the checkout.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const GET_KUMA =
  "get it as docs/operations.md (Benchmarks) says: clone Uptime Kuma, check out 2.5.3, `npm ci`, `npm run build`";

/** What the bench needs of a checkout, each with what is missing when it is not there. */
const NEEDED = [
  ["server/server.js", "not an Uptime Kuma checkout"],
  ["node_modules/socket.io-client/package.json", "its packages are not installed (`npm ci`)"],
  ["dist/index.html", "its web app is not built (`npm run build`; the production server refuses to start without it)"],
] as const;

/** The checkout's version, as its package.json says. */
export function kumaVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
}

/** The checkout's absolute path, or an error naming what is missing and how to get it. */
export function checkKumaDir(dir: string | undefined): string {
  if (!dir) throw new Error(`--kuma <dir> is required: the Uptime Kuma checkout to compare with; ${GET_KUMA}`);
  const root = resolve(dir);
  if (!existsSync(root)) throw new Error(`no Uptime Kuma at ${root}: ${GET_KUMA}`);
  for (const [file, problem] of NEEDED)
    if (!existsSync(join(root, file))) throw new Error(`${root}: ${problem} (${file} is missing); ${GET_KUMA}`);
  return root;
}

/**
 * Kuma's production server on 127.0.0.1:`port` with a fresh data directory on SQLite (UPTIME_KUMA_DB_TYPE, which
 * skips the database setup page). Its update check (HTTPS to its vendor at start) is sent to a closed loopback
 * port through the proxy variables its HTTP client honours, so nothing leaves the machine.
 */
export function startKuma(root: string, port: number): { server: ChildProcess; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-kuma-"));
  const server = spawn(process.execPath, ["server/server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      UPTIME_KUMA_HOST: "127.0.0.1",
      UPTIME_KUMA_PORT: String(port),
      UPTIME_KUMA_DB_TYPE: "sqlite",
      https_proxy: "http://127.0.0.1:9",
      no_proxy: "127.0.0.1,localhost",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { server, dataDir };
}

/** The part of socket.io-client's Socket the bench uses. */
type KumaSocket = {
  once(event: "setup" | "connect_error", listener: (error?: Error) => void): void;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<KumaAnswer> };
  disconnect(): void;
};
type KumaAnswer = { ok?: boolean; msg?: string; token?: string; monitorID?: number };

/**
 * What the "Add New Monitor" form of Kuma 2.5 sends for a new HTTP monitor (its defaults, the fields its start sets
 * and the timeout it sets for HTTP), before a name and a URL are typed in.
 */
const FORM_DEFAULTS = {
  type: "http",
  parent: null,
  wsSubprotocol: "",
  method: "GET",
  protocol: null,
  location: "world",
  ipFamily: null,
  interval: 60,
  retryInterval: 60,
  resendInterval: 0,
  maxretries: 0,
  timeout: 48,
  retryOnlyOnStatusCodeFailure: false,
  notificationIDList: {},
  ignoreTls: false,
  upsideDown: false,
  expiryNotification: false,
  domainExpiryNotification: true,
  maxredirects: 10,
  accepted_statuscodes: ["200-299"],
  saveResponse: false,
  saveErrorResponse: true,
  responseMaxLength: 1024,
  dns_resolve_type: "A",
  dns_resolve_server: "",
  docker_container: "",
  docker_host: null,
  proxyId: null,
  basic_auth_user: "",
  basic_auth_pass: "",
  bearer_token: "",
  mqttUsername: "",
  mqttPassword: "",
  mqttTopic: "",
  mqttWebsocketPath: "",
  mqttSuccessMessage: "",
  mqttCheckType: "keyword",
  authMethod: null,
  oauth_auth_method: "client_secret_basic",
  httpBodyEncoding: "json",
  kafkaProducerBrokers: [],
  kafkaProducerSaslOptions: { mechanism: "None" },
  cacheBust: false,
  kafkaProducerSsl: false,
  kafkaProducerAllowAutoTopicCreation: false,
  gamedigGivenPortOnly: true,
  gamedigToken: "",
  remote_browser: null,
  screenshot_delay: 0,
  rabbitmqNodes: [],
  rabbitmqUsername: "",
  rabbitmqPassword: "",
  conditions: [],
  system_service_name: "",
  ntpStratumThreshold: 5,
  ntpTimeOffsetThreshold: 1000,
  ntpRootDispersionThreshold: 500,
  ping_count: 3,
  ping_numeric: true,
  packetSize: 56,
  ping_per_request_timeout: 2,
};

/** Kuma's answer to one call, or an error with its message. */
async function call(socket: KumaSocket, event: string, ...args: unknown[]): Promise<KumaAnswer> {
  const answer = await socket
    .timeout(60_000)
    .emitWithAck(event, ...args)
    .catch((error: Error) => Promise.reject(new Error(`Uptime Kuma did not answer "${event}": ${error.message}`)));
  if (!answer?.ok) throw new Error(`Uptime Kuma refused "${event}": ${answer?.msg ?? JSON.stringify(answer)}`);
  return answer;
}

/**
 * Sets Kuma up as a new user would (an admin account on the setup page, signed in) and adds one HTTP monitor per URL,
 * one after the other as the form would, each starting at once. Disconnects at the end: no dashboard is open while
 * it is measured, as none is for ours.
 */
export async function addKumaMonitors(root: string, port: number, urls: readonly string[]): Promise<void> {
  const { io } = createRequire(join(root, "package.json"))("socket.io-client") as {
    io: (url: string, options: object) => KumaSocket;
  };
  const socket = io(`http://127.0.0.1:${port}`, { transports: ["websocket"], reconnection: false });
  try {
    // Kuma registers its handlers after it has sent a new socket its info; a fresh one then says "setup", the
    // sign that it listens (a call sent before is lost).
    await new Promise<void>((resolve, reject) => {
      socket.once("setup", () => resolve());
      socket.once("connect_error", (error) => reject(new Error(`Uptime Kuma's socket: ${error?.message}`)));
    });
    const password = `Bench-${randomBytes(12).toString("hex")}-Kuma!`;
    await call(socket, "setup", "bench", password);
    await call(socket, "login", { username: "bench", password, token: "" });
    for (const [index, url] of urls.entries())
      await call(socket, "add", { ...FORM_DEFAULTS, name: `Endpoint ${index}`, url });
  } finally {
    socket.disconnect();
  }
}
