// A simulated fleet on loopback for `npm run demo` and `npm run bench:monitor`:
// one HTTP server that answers /svc/<service>/<host> like a health endpoint,
// with realistic latency, now and then degraded or failing. TCP checks of
// infrastructure hosts connect to the same port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FleetOptions = { port?: number; minLatencyMs?: number; maxLatencyMs?: number; degradedShare?: number; failureShare?: number };

export async function startSimulatedFleet(options: FleetOptions = {}) {
  const { minLatencyMs = 15, maxLatencyMs = 250, degradedShare = 0.03, failureShare = 0.01 } = options;
  // A few endpoints have a bad spell now and then, so the dashboard changes.
  const troubled = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const latency = minLatencyMs + Math.random() ** 2 * (maxLatencyMs - minLatencyMs);
    setTimeout(() => {
      const roll = Math.random();
      const until = troubled.get(path) ?? 0;
      if (until < Date.now() && roll < failureShare / 10) troubled.set(path, Date.now() + 3 * 60_000);
      if ((troubled.get(path) ?? 0) > Date.now() || roll < failureShare) {
        res.statusCode = 503;
        res.end(JSON.stringify({ status: "unhealthy", error: "simulated outage" }));
        return;
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ status: roll < failureShare + degradedShare ? "degraded" : "healthy", uptime: Math.round(process.uptime()) }));
    }, latency);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (service: string, host: string) => `http://127.0.0.1:${port}/svc/${service}/${host}`,
    tcp: `127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type SimulatedFleet = Awaited<ReturnType<typeof startSimulatedFleet>>;
