// The TLS sessions of the https origins that health checks speak to, and the
// certificate each was made with. A check opens a fresh connection and offers
// the origin's last session, so a check a minute costs a resumed handshake
// (no certificate chain sent, no chain verified) rather than a full one. A
// resumed session carries no certificate (Node returns none), so the one read
// at the full handshake it descends from is remembered beside it. Once that
// reading is an hour old the session is no longer offered: the next full
// handshake reads and verifies the certificate again, so a renewed (or
// revoked, or expired) one is seen even by a server that keeps resuming
// sessions across the change.
import type { TLSSocket } from "node:tls";

/** Origins remembered at most (a session is about 1 to 3 KB): a fleet's https origins, with room. */
const MAX_ORIGINS = 20_000;
/** How long a certificate reading lets sessions be resumed before a full handshake reads it again. */
const CERTIFICATE_READ_EVERY_MS = 60 * 60_000;

type OriginMemory = { expiresAt: number; readAt: number; session?: Buffer };
const byOrigin = new Map<string, OriginMemory>();

function remember(origin: string, memory: OriginMemory) {
  byOrigin.delete(origin); // re-inserted last: the map's order is the age, the oldest goes first
  byOrigin.set(origin, memory);
  if (byOrigin.size > MAX_ORIGINS) byOrigin.delete(byOrigin.keys().next().value!);
}

/** The session to offer a new connection to the origin, while the certificate it was made with is freshly read. */
export function sessionFor(origin: string): Buffer | undefined {
  const memory = byOrigin.get(origin);
  return memory && performance.now() - memory.readAt < CERTIFICATE_READ_EVERY_MS ? memory.session : undefined;
}

/** When the certificate of the origin's connections expires (ms since the epoch), if one was read. */
export function certificateExpiry(origin: string): number | undefined {
  return byOrigin.get(origin)?.expiresAt;
}

/**
 * Follows a connection to the origin: on a full handshake its certificate is read and remembered; the sessions the
 * server hands out are kept for the next connection (Node gives them after the handshake here, in TLS 1.2 and 1.3,
 * but its documentation allows them before the handshake ends too: one that comes early waits for it).
 */
export function watchTlsSocket(origin: string, socket: TLSSocket): void {
  let latest: Buffer | undefined;
  let current: OriginMemory | undefined;
  socket.on("session", (session: Buffer) => {
    latest = session;
    if (current) current.session = session;
  });
  socket.once("secureConnect", () => {
    if (socket.isSessionReused()) current = byOrigin.get(origin);
    else {
      const expiresAt = Date.parse(socket.getPeerCertificate().valid_to ?? "");
      if (Number.isNaN(expiresAt)) return;
      current = { expiresAt, readAt: performance.now() };
      remember(origin, current);
    }
    if (current && latest) current.session = latest;
  });
}
