// Ports for the real peers the integration tests start (nginx, HAProxy,
// pebble, TLS servers): the kernel picks a free one on loopback.
import { createServer, type AddressInfo } from "node:net";

/** Ports the project's own servers use in tests and development; never hand them out. */
export const RESERVED_PORTS: ReadonlySet<number> = new Set([3100, 3194, 3195, 3196, 3197, 3198, 3199]);

/** A port free right now on loopback: listen on 0, note the port, close (it stays free until someone binds it). */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    if (!RESERVED_PORTS.has(port)) return port;
  }
}
