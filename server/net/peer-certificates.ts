// When the certificate of an https origin that fetch spoke to expires, read
// from the connection fetch really used, so an http check can answer
// [CERTIFICATE_EXPIRATION] without a second handshake. fetch (undici) reports
// each request's socket on a diagnostics channel. A resumed TLS session carries
// no certificate of its own (Node returns none), but it is the session of an
// earlier full handshake with the same origin, whose certificate is remembered here.
import { subscribe } from "node:diagnostics_channel";
import type { TLSSocket } from "node:tls";

/** Origins remembered at most: a fleet's https origins, with room; the oldest goes first. */
const MAX_ORIGINS = 50_000;
const expiryByOrigin = new Map<string, number>();
let watching = false;

type SendHeaders = { request: { origin?: unknown }; socket: Partial<TLSSocket> };

function remember(message: unknown) {
  const { request, socket } = message as SendHeaders;
  if (
    !socket.encrypted ||
    !(typeof request.origin === "string" || request.origin instanceof URL) ||
    socket.isSessionReused?.()
  )
    return;
  const validTo = socket.getPeerCertificate?.()?.valid_to;
  const expiresAt = validTo ? Date.parse(validTo) : Number.NaN;
  if (Number.isNaN(expiresAt)) return;
  const origin = new URL(request.origin).origin;
  expiryByOrigin.delete(origin); // re-inserted last: the map's order is the age
  expiryByOrigin.set(origin, expiresAt);
  if (expiryByOrigin.size > MAX_ORIGINS) expiryByOrigin.delete(expiryByOrigin.keys().next().value!);
}

/** Starts remembering the certificates of https origins fetch speaks to; idempotent. */
export function watchPeerCertificates() {
  if (watching) return;
  watching = true;
  subscribe("undici:client:sendHeaders", remember);
}

/** When the certificate last seen for the URL's origin expires (ms since the epoch), if one was seen. */
export function peerCertificateExpiry(url: string): number | undefined {
  return expiryByOrigin.get(new URL(url).origin);
}
