// Test helper: a real ACME server (Debian's `pebble`) with `pebble-challtestsrv`
// as its DNS, so tests issue real certificates over real HTTP-01 validation
// without the internet. The DNS answers 127.0.0.1 for every name, so pebble
// validates any test domain against the HTTP-01 responder a test runs on
// 127.0.0.1:<httpPort>. Everything lives in a fresh temp dir and on free ports;
// stop() ends both processes and removes the dir. Not for production code.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createSocket } from "node:dgram";
import { writeFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { RESERVED_PORTS } from "./ports.ts";

export type Pebble = {
  /** The ACME directory, e.g. https://127.0.0.1:<port>/dir. */
  directoryUrl: string;
  /** PEM file of the test CA that signed pebble's own HTTPS certificate (ACME and management APIs). */
  caFile: string;
  /** The port pebble sends HTTP-01 validation requests to (on 127.0.0.1, via the mock DNS). */
  httpPort: number;
  /** Pebble's issuing root (PEM). Pebble makes a new one on every start, so a test fetches it to verify chains. */
  fetchRoot(): Promise<string>;
  /** Ends pebble and the mock DNS and removes the temp dir; safe to call twice. */
  stop(): Promise<void>;
};

export type StartPebbleOptions = {
  /** Where the test's HTTP-01 responder listens; a free port when absent (the test then binds it). */
  httpPort?: number;
  /** How long to wait for both servers to answer. */
  startTimeoutMs?: number;
};

const run = promisify(execFile);
/** Enough of each process's output to explain a failed start. */
const LOG_TAIL_CHARS = 4000;

export async function startPebble(options: StartPebbleOptions = {}): Promise<Pebble> {
  const dir = await mkdtemp(path.join(tmpdir(), "pebble-"));
  const children: ChildProcess[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(children.map(endProcess));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const caFile = await makeTlsFiles(dir);
    const ports = await freePorts(6, options.httpPort === undefined ? [] : [options.httpPort]);
    const [listenPort, managementPort, tlsPort, challtestManagementPort, dnsPort, spareHttpPort] = ports as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const httpPort = options.httpPort ?? spareHttpPort;
    const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);

    const configFile = path.join(dir, "pebble-config.json");
    await writeFile(
      configFile,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${listenPort}`,
          managementListenAddress: `127.0.0.1:${managementPort}`,
          certificate: path.join(dir, "pebble-cert.pem"),
          privateKey: path.join(dir, "pebble-key.pem"),
          httpPort,
          tlsPort,
          ocspResponderURL: "",
          externalAccountBindingRequired: false,
        },
      }),
    );

    // Validation stays real: PEBBLE_VA_ALWAYS_VALID is removed even if the
    // environment has it. NOSLEEP drops pebble's random 0-15 s validation
    // delay; AUTHZREUSE=0 makes every order validate afresh (pebble reuses
    // half of the valid authorizations by default), so a test can count on
    // its responder being asked.
    const env: NodeJS.ProcessEnv = { ...process.env, PEBBLE_VA_NOSLEEP: "1", PEBBLE_AUTHZREUSE: "0" };
    delete env.PEBBLE_VA_ALWAYS_VALID;

    const dns = launch(
      "pebble-challtestsrv",
      [
        ...["-defaultIPv4", "127.0.0.1", "-defaultIPv6", ""],
        ...["-dns01", `127.0.0.1:${dnsPort}`, "-http01", "", "-https01", "", "-tlsalpn01", ""],
        ...["-management", `127.0.0.1:${challtestManagementPort}`],
      ],
      env,
    );
    children.push(dns.child);
    await waitFor("pebble-challtestsrv", () => answers(`http://127.0.0.1:${challtestManagementPort}/`), dns, deadline);

    const pebble = launch("pebble", ["-config", configFile, "-dnsserver", `127.0.0.1:${dnsPort}`], env);
    children.push(pebble.child);
    const directoryUrl = `https://127.0.0.1:${listenPort}/dir`;
    const ca = await readFile(caFile, "utf8");
    await waitFor("pebble", async () => (await getText(directoryUrl, ca)).status === 200, pebble, deadline);

    return {
      directoryUrl,
      caFile,
      httpPort,
      fetchRoot: async () => {
        const { status, body } = await getText(`https://127.0.0.1:${managementPort}/roots/0`, ca);
        if (status !== 200) throw new Error(`pebble's /roots/0 answered HTTP ${status}`);
        return body;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A small CA and a leaf for 127.0.0.1/localhost signed by it, for pebble's own HTTPS; returns the CA's file. */
async function makeTlsFiles(dir: string): Promise<string> {
  const file = (name: string) => path.join(dir, name);
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  await run("openssl", [
    ...["req", "-x509", ...ec, "-keyout", file("ca-key.pem"), "-out", file("ca.pem"), "-days", "2"],
    ...["-subj", "/CN=pebble test TLS CA", "-addext", "basicConstraints=critical,CA:TRUE"],
    ...["-addext", "keyUsage=critical,keyCertSign,cRLSign"],
  ]);
  await run("openssl", [
    "req",
    "-new",
    ...ec,
    "-keyout",
    file("pebble-key.pem"),
    "-out",
    file("pebble.csr"),
    "-subj",
    "/CN=localhost",
  ]);
  await writeFile(
    file("pebble-ext.cnf"),
    [
      "basicConstraints=CA:FALSE",
      "keyUsage=critical,digitalSignature",
      "extendedKeyUsage=serverAuth",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "",
    ].join("\n"),
  );
  await run("openssl", [
    ...[
      "x509",
      "-req",
      "-in",
      file("pebble.csr"),
      "-CA",
      file("ca.pem"),
      "-CAkey",
      file("ca-key.pem"),
      "-CAcreateserial",
    ],
    ...["-out", file("pebble-cert.pem"), "-days", "2", "-extfile", file("pebble-ext.cnf")],
  ]);
  return file("ca.pem");
}

type Launched = { child: ChildProcess; output: () => string; exited: () => boolean };

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): Launched {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let exited = false;
  // The pipes must be drained or a chatty process blocks; keep only the tail.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-LOG_TAIL_CHARS));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("error", (error) => ((output += `\n${error.message}`), (exited = true)));
  child.on("exit", () => (exited = true));
  return { child, output: () => output, exited: () => exited };
}

async function waitFor(
  name: string,
  ready: () => Promise<boolean>,
  process: Launched,
  deadline: number,
): Promise<void> {
  for (;;) {
    if (process.exited()) throw new Error(`${name} exited during start:\n${process.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${name} did not answer in time:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(forced);
}

/** Whether anything answers HTTP at the URL (the mock DNS's management API has no health route). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpGet(url, { timeout: 1000 }, (response) => (response.resume(), resolve(true)));
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve(false));
  });
}

/** GET over HTTPS trusting only the test CA (never the process's global trust). */
function getText(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { ca, timeout: 2000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/**
 * Distinct ports free right now, found by binding port 0 (the OS picks) and
 * letting go. UDP is checked too: the mock DNS binds both on its port.
 */
async function freePorts(count: number, taken: number[]): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freeTcpPort();
    if (RESERVED_PORTS.has(port) || ports.includes(port) || taken.includes(port)) continue;
    if (!(await udpPortFree(port))) continue;
    ports.push(port);
  }
  return ports;
}

function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function udpPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket("udp4");
    socket.on("error", () => (socket.close(), resolve(false)));
    socket.bind(port, "127.0.0.1", () => socket.close(() => resolve(true)));
  });
}
