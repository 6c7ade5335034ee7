// How long a client may take and how many may be connected at once. Node's
// defaults let a slow upload hold a connection for 300 s and put no ceiling
// on connections: fine for an API behind a load balancer, not for a small
// site facing the internet directly. Bodies are at most 16 KB (api.ts), so a
// real visitor sends a whole request well within these bounds.
//
// One client could still take every connection a process holds, and every
// other visitor would wait: so each client network (an IPv4 address, an IPv6
// /64) may hold only so many, and its further connections are closed at once.
// Behind a reverse proxy every connection comes from the proxy, which spreads
// them itself: there the cap is off (TRUST_PROXY).
import { createServer, type RequestListener, type Server } from "node:http";
import { canonicalAddress, clientNetwork } from "#server/net/client-address.ts";

export type ServerLimits = {
  /** The whole header block must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** Headers and body must arrive within this (slow uploads). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way (a client that stops reading) is closed after this. */
  idleSocketMs: number;
  /** How often the timeouts above are checked. */
  checkEveryMs: number;
  /** Connections one process holds at once; further ones are closed at once. */
  maxConnections: number;
  /** Connections one client network may hold in one process; null when a proxy connects for everyone. */
  maxConnectionsPerClient: number | null;
};

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketMs: 30_000,
  checkEveryMs: 1_000,
  maxConnections: 1_024,
  // Six per browser, so a whole office behind one address fits; per worker process.
  maxConnectionsPerClient: 128,
};

export function createLimitedServer(listener: RequestListener, limits: ServerLimits = SERVER_LIMITS): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.idleSocketMs);
  const cap = limits.maxConnectionsPerClient;
  if (cap !== null) {
    const open = new Map<string, number>();
    server.on("connection", (socket) => {
      const client = clientNetwork(canonicalAddress(socket.remoteAddress));
      const count = (open.get(client) ?? 0) + 1;
      if (count > cap) {
        socket.destroy();
        return;
      }
      open.set(client, count);
      socket.once("close", () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    });
  }
  return server;
}
