// The sessions and certificates remembered per origin, against a real TLS
// server on loopback, in TLS 1.2 (a session ID or ticket) and TLS 1.3 (tickets
// sent after the handshake).
import { createServer, connect, type Server, type TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { certificateExpiry, sessionFor, watchTlsSocket } from "./tls-sessions.ts";

let pems: Awaited<ReturnType<typeof generate>>;
const servers: Server[] = [];
/** Whole seconds, as a certificate holds it. */
const notAfter = new Date(Math.floor(Date.now() / 1000) * 1000 + 40 * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec", notAfterDate: notAfter });
});
afterEach(() => void vi.useRealTimers());
afterAll(() => servers.forEach((server) => server.close()));

async function startServer(maxVersion: "TLSv1.2" | "TLSv1.3"): Promise<string> {
  const server = createServer({ key: pems.private, cert: pems.cert, maxVersion }, (socket) => socket.end("ok"));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `https://localhost:${(server.address() as AddressInfo).port}`;
}

/** One connection as a check makes it, read to its end: whether it resumed a session. */
function connectOnce(origin: string): Promise<boolean> {
  const { port } = new URL(origin);
  const session = sessionFor(origin);
  return new Promise((resolve, reject) => {
    const socket: TLSSocket = connect({
      host: "127.0.0.1",
      port: Number(port),
      servername: "localhost",
      ca: pems.cert,
      ...(session ? { session } : {}),
    });
    watchTlsSocket(origin, socket);
    socket.on("error", reject);
    socket.resume();
    socket.on("end", () => resolve(socket.isSessionReused()));
  });
}

describe.each(["TLSv1.2", "TLSv1.3"] as const)("%s", (version) => {
  it("remembers the certificate of a full handshake, resumes its session for an hour, then reads it anew", async () => {
    const origin = await startServer(version);
    expect(sessionFor(origin)).toBeUndefined();
    vi.useFakeTimers({ toFake: ["performance"] });
    expect(await connectOnce(origin)).toBe(false);
    expect(certificateExpiry(origin)).toBe(notAfter.getTime());
    expect(sessionFor(origin)).toBeInstanceOf(Buffer);
    expect(await connectOnce(origin)).toBe(true);
    expect(await connectOnce(origin)).toBe(true);
    expect(certificateExpiry(origin)).toBe(notAfter.getTime());
    vi.advanceTimersByTime(60 * 60_000);
    expect(sessionFor(origin)).toBeUndefined();
    expect(await connectOnce(origin)).toBe(false);
    expect(await connectOnce(origin)).toBe(true);
  });
});
