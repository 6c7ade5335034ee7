// A simulated fleet on loopback for `npm run demo`, the dashboard's browser
// tests and `npm run bench:monitor`: one HTTP server that answers
// /svc/<service>/<host> like a health endpoint, with realistic latency, now
// and then degraded or failing (TCP checks of infrastructure hosts connect to
// the same port). It also plays the infrastructure: an nginx stub_status page,
// an HAProxy stats CSV, a renewal hook, two Ollama-compatible servers, and a
// TLS server presenting CA-signed certificates for the demo domains
// (`withInfrastructure`), and machines answering TCP on ports of their own
// (`machines`). Tests stop and start any of them, and can make the
// fleet quiet (no chance failures or degradation) to count notices exactly.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from "node:net";
import { formatHaproxyCsv, HAPROXY_READ_COLUMNS } from "#server/integrations/haproxy/haproxy-csv.ts";
import { startOllamaCompatible, type OllamaCompatible } from "#scripts/fleet/ollama.ts";
import { createTestCa, startSniTlsServer, type TestServer } from "#scripts/fleet/certificates.ts";

export type FleetOptions = {
  port?: number;
  minLatencyMs?: number;
  maxLatencyMs?: number;
  /**
   * Shares of answers that are degraded and failing (failing ones now and then start a bad spell); 0 and 0: a quiet
   * fleet.
   */
  degradedShare?: number;
  failureShare?: number;
  /** Certificates for these domains (and the other peers); off for the bench. */
  withInfrastructure?: { domains: string[] };
  /**
   * Machines answering TCP checks on ports of their own, so one can be stopped (its port refuses) while the others
   * answer.
   */
  machines?: string[];
};

/**
 * A machine's SSH-like port: it accepts connections until stopped, then refuses them until started again on the same
 * port.
 */
async function startMachine(): Promise<{
  port: number;
  setStopped: (stopped: boolean) => Promise<void>;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createTcpServer((socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => undefined);
        socket.end();
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server!.address() as AddressInfo).port));
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  const port = await listen(0);
  return {
    port,
    setStopped: async (stopped) => {
      if (stopped) await close();
      else if (!server) await listen(port);
    },
    close,
  };
}

/**
 * Peers that can be stopped: their requests are cut off, as if the process had
 * died. "ollama" is every Ollama-compatible server: they answer HTTP 500 (a
 * stopped Ollama behind a proxy), since closing one would give up its port.
 */
export type Peer = "nginx" | "haproxy" | "hook" | "ollama";

function haproxyCsv(started: number): string {
  const uptime = Math.round((Date.now() - started) / 1000);
  const grow = (base: number, perSecond: number) => String(Math.round(base + uptime * perSecond));
  const row = (values: Partial<Record<(typeof HAPROXY_READ_COLUMNS)[number], string>>) =>
    Object.fromEntries(HAPROXY_READ_COLUMNS.map((column) => [column, values[column] ?? ""]));
  const server = (pxname: string, svname: string, status: string, check: string, traffic: number, lastChk = "") =>
    row({
      pxname,
      svname,
      scur: String(Math.round(traffic * 3)),
      stot: grow(1000 * traffic, traffic),
      bin: grow(5e6 * traffic, 4096 * traffic),
      bout: grow(4e7 * traffic, 32768 * traffic),
      status,
      act: "1",
      lastchg: String(uptime + 3600),
      type: "2",
      check_status: check,
      last_chk: lastChk,
    });
  return formatHaproxyCsv(HAPROXY_READ_COLUMNS, [
    row({
      pxname: "https-in",
      svname: "FRONTEND",
      scur: "42",
      stot: grow(250_000, 40),
      status: "OPEN",
      type: "0",
      req_tot: grow(900_000, 55),
    }),
    row({
      pxname: "http-in",
      svname: "FRONTEND",
      scur: "3",
      stot: grow(12_000, 2),
      status: "OPEN",
      type: "0",
      req_tot: grow(12_500, 2),
    }),
    row({ pxname: "web", svname: "BACKEND", scur: "20", stot: grow(200_000, 30), status: "UP", act: "2", type: "1" }),
    server("web", "web1", "UP", "L7OK", 12),
    server("web", "web2", "UP", "L7OK", 9),
    server("web", "web3", "MAINT", "", 0),
    row({ pxname: "ai", svname: "BACKEND", scur: "6", stot: grow(40_000, 8), status: "UP", act: "1", type: "1" }),
    server("ai", "ai-centron", "UP", "L4OK", 6),
    server("ai", "ai-local", "DOWN", "L4CON", 0, "Connection refused"),
    row({ pxname: "api", svname: "BACKEND", scur: "2", stot: grow(9_000, 1), status: "UP", act: "1", type: "1" }),
    server("api", "api1", "no check", "", 2),
  ]);
}

function stubStatus(started: number): string {
  const seconds = (Date.now() - started) / 1000;
  const accepts = Math.round(120_000 + seconds * 14);
  const requests = Math.round(480_000 + seconds * 47 + Math.random() * 5);
  const reading = Math.floor(Math.random() * 4);
  const writing = 5 + Math.floor(Math.random() * 10);
  const waiting = 40 + Math.floor(Math.random() * 30);
  return (
    `Active connections: ${reading + writing + waiting} \nserver accepts handled requests\n ${accepts} ` +
    `${accepts} ${requests} \nReading: ${reading} Writing: ${writing} Waiting: ${waiting} \n`
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed: not a path the monitor sends, so it names no service
  }
}

/** Answers the infrastructure peers' pages (nginx, HAProxy, the renewal hook); false for any other path. */
function answerPeer(req: IncomingMessage, res: ServerResponse, stopped: Set<string>, started: number): boolean {
  const path = req.url ?? "/";
  const peer =
    path === "/nginx_status" ? "nginx" : path.startsWith("/haproxy/") ? "haproxy" : path === "/renew" ? "hook" : null;
  if (!peer) return false;
  if (stopped.has(peer)) req.socket.destroy();
  else if (peer === "nginx") res.writeHead(200, { "Content-Type": "text/plain" }).end(stubStatus(started));
  else if (peer === "haproxy") res.writeHead(200, { "Content-Type": "text/plain" }).end(haproxyCsv(started));
  else {
    req.resume();
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ message: "Renewal requested from the simulated host" }));
  }
  return true;
}

export async function startSimulatedFleet(options: FleetOptions = {}) {
  const { minLatencyMs = 15, maxLatencyMs = 250, degradedShare = 0.03, failureShare = 0.01 } = options;
  const started = Date.now();
  // A few endpoints have a bad spell now and then, so the dashboard changes.
  const troubled = new Map<string, number>();
  /** Stopped services ("id" or "id/host") and peers. */
  const stopped = new Set<string>();
  // Health requests received, counted on arrival so a monitor's checks are counted the same way whoever makes them.
  let checksReceived = 0;
  const server = createServer((req, res) => {
    if (answerPeer(req, res, stopped, started)) return;
    const path = req.url ?? "/";
    // Sub-services' ids have spaces ("datacenter-centron-Reverse proxy"): they arrive percent-encoded.
    // "/svc/..." answers healthy, degraded or unhealthy, "/spring/..." as Spring Boot's actuator does (UP, DOWN).
    const [, style = "", service = "", host = ""] = path.split("/").map(decodeSegment);
    checksReceived += 1;
    const word = (status: "healthy" | "degraded" | "unhealthy") =>
      style === "spring" ? (status === "unhealthy" ? "DOWN" : "UP") : status;
    if (stopped.has(service) || stopped.has(`${service}/${host}`)) {
      res.statusCode = 503;
      return void res.end(JSON.stringify({ status: word("unhealthy"), error: "service stopped" }));
    }
    const latency = minLatencyMs + Math.random() ** 2 * (maxLatencyMs - minLatencyMs);
    setTimeout(() => {
      const roll = Math.random();
      const until = troubled.get(path) ?? 0;
      if (until < Date.now() && roll < failureShare / 10) troubled.set(path, Date.now() + 3 * 60_000);
      if ((troubled.get(path) ?? 0) > Date.now() || roll < failureShare) {
        res.statusCode = 503;
        res.end(JSON.stringify({ status: word("unhealthy"), error: "simulated outage" }));
        return;
      }
      res.setHeader("Content-Type", "application/json");
      res.end(
        JSON.stringify({
          status: word(roll < failureShare + degradedShare ? "degraded" : "healthy"),
          uptime: Math.round(process.uptime()),
        }),
      );
    }, latency);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  let infrastructure: { tls: TestServer; caFile: string; ollama: OllamaCompatible[]; cleanup: () => void } | undefined;
  if (options.withInfrastructure) {
    const ca = createTestCa();
    const [first, second, third, ...rest] = options.withInfrastructure.domains;
    // Most certificates are fine; one is due soon, one is due for renewal.
    const served = (name: string, days: number, names: string[]) => {
      const cert = ca.validFor(name, days, names);
      return { key: cert.key, cert: cert.cert };
    };
    const byName: Record<string, { key: string; cert: string }> = {};
    const main = served("main", 85, rest.length > 0 ? rest : ["fleet.test"]);
    for (const name of rest) byName[name] = main;
    if (first) byName[first] = served("soon", 21, [first]);
    if (second) byName[second] = served("urgent", 5, [second]);
    if (third) byName[third] = served("fine", 60, [third]);
    const tls = await startSniTlsServer(byName, main);
    const ollama = [
      await startOllamaCompatible({
        models: ["llama3.2:3b", "mistral:7b", "qwen2.5:7b", "nomic-embed-text:latest", "phi3:mini"],
      }),
      await startOllamaCompatible({ models: ["llama3.2:1b"] }),
    ];
    infrastructure = { tls, caFile: ca.ca.certFile, ollama, cleanup: ca.cleanup };
  }

  const machines = new Map<string, Awaited<ReturnType<typeof startMachine>>>();
  for (const name of options.machines ?? []) machines.set(name, await startMachine());

  return {
    port,
    /** A machine's TCP address (`machines`), or the fleet's own port for any other name. */
    machine: (name: string) => `127.0.0.1:${machines.get(name)?.port ?? port}`,
    /** A service's health URL on a host: healthy/degraded/unhealthy, or Spring Boot's words (`"spring"`). */
    url: (service: string, host: string, style: "svc" | "spring" = "svc") => `${base}/${style}/${service}/${host}`,
    tcp: `127.0.0.1:${port}`,
    nginxStatusUrl: `${base}/nginx_status`,
    haproxyStatsUrl: `${base}/haproxy/stats`,
    renewalHookUrl: `${base}/renew`,
    /** Health requests (service URLs, not the peers' pages) received since the fleet started. */
    checksReceived: () => checksReceived,
    /** The TLS server, its CA (for `caFile`) and the Ollama-compatible servers, when started withInfrastructure. */
    infrastructure: infrastructure
      ? {
          tlsPort: infrastructure.tls.port,
          caFile: infrastructure.caFile,
          ollamaUrls: infrastructure.ollama.map((o) => o.url),
        }
      : undefined,
    /**
     * Stops (or starts again) a service ("id" or "id/host"), a peer, or a machine (its port refuses; resolves once it
     * does).
     */
    async setStopped(name: string | Peer, isStopped: boolean): Promise<void> {
      if (isStopped) stopped.add(name);
      else stopped.delete(name);
      if (name === "ollama")
        for (const ollama of infrastructure?.ollama ?? []) ollama.behaviour.mode = isStopped ? "error" : "ok";
      await machines.get(name)?.setStopped(isStopped);
    },
    stop: async () => {
      await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
      await Promise.all([...machines.values()].map((machine) => machine.close()));
      if (infrastructure) {
        await Promise.all([infrastructure.tls.close(), ...infrastructure.ollama.map((o) => o.close())]);
        infrastructure.cleanup();
      }
    },
  };
}

export type SimulatedFleet = Awaited<ReturnType<typeof startSimulatedFleet>>;
