// One GET for a health check, on node:http and node:https: a fresh
// connection each time (a check a minute seldom finds a kept-alive socket
// still open, and idle sockets to thousands of origins cost memory; see
// docs/decisions/048-http-check-on-node-http.md), HTTP/1.1, no redirects
// followed (a 3xx is the answer), the caller's deadline ending it wherever
// it is (connecting, waiting, reading), and the body read up to a cap: a peer
// that sends more is cut off, not drained. An https answer carries when the
// certificate of its connection expires (tls-sessions.ts).
// What a check costs (docs/decisions/058-a-check-that-costs-what-it-must.md):
// the deadline is one timer, not an AbortSignal with its listener, and the
// requests share one agent per protocol that keeps no socket (`agent: false`
// built an agent per request): each connection is still fresh and closed
// after its answer ("Connection: close").
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { TLSSocket } from "node:tls";
import { certificateExpiry, sessionFor, watchTlsSocket } from "./tls-sessions.ts";

export type HttpGet = {
  url: URL;
  headers: Record<string, string>;
  /** Ends the request wherever it is once this many ms have passed; the promise then rejects with a TimeoutError. */
  timeoutMs: number;
  /** More body than this is an error. */
  maxBodyBytes: number;
};

export type HttpAnswer = {
  status: number;
  /** The body decoded as UTF-8. */
  body: string;
  /** https only: when the certificate of the connection expires (ms since the epoch), if it was read. */
  certificateExpiresAt?: number;
};

/** What a request past its deadline rejects with (describeError says "Timed out"). */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  constructor() {
    super("The operation was aborted due to timeout");
  }
}

/**
 * Agents that pool nothing: no kept-alive socket, and no TLS session of their own (tls-sessions.ts offers the one
 * to resume), so every request opens, and closes, its own connection.
 */
const httpAgent = new HttpAgent({ keepAlive: false });
const httpsAgent = new HttpsAgent({ keepAlive: false, maxCachedSessions: 0 });

const tooLarge = (maxBytes: number) => new Error(`Response body larger than ${Math.round(maxBytes / 1024)} KB`);

/** The body as text, refusing more than maxBytes (announced or sent): the connection is then destroyed. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(response.headers["content-length"]) > maxBytes) return reject(tooLarge(maxBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return reject(tooLarge(maxBytes));
      chunks.push(chunk);
    });
    // The first outcome counts (a promise settles once): a close after the end is no news.
    // A health answer mostly comes in one chunk: decoded as it is, not copied into a new buffer first.
    response.on("end", () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8")));
    response.on("error", reject);
    response.on("close", () => reject(new Error("the connection was closed before the answer's end")));
  });
}

function open(url: URL, headers: Record<string, string>): ClientRequest {
  if (url.protocol !== "https:") return httpRequest(url, { headers, agent: httpAgent });
  const session = sessionFor(url.origin);
  const request = httpsRequest(url, { headers, agent: httpsAgent, ...(session ? { session } : {}) });
  request.once("socket", (socket) => watchTlsSocket(url.origin, socket as TLSSocket));
  return request;
}

/** Sends the GET and gives its answer; rejects with a TimeoutError, a socket or parser error, or "too large". */
export function httpGet({ url, headers, timeoutMs, maxBodyBytes }: HttpGet): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = open(url, headers);
    const fail = (error: unknown) => {
      clearTimeout(deadline);
      request.destroy(); // also the answer's socket, mid-body: nothing more is read
      reject(error);
    };
    const deadline = setTimeout(() => fail(new TimeoutError()), timeoutMs);
    // Stays on after the answer: a late error of a closed connection must not go unheard.
    request.on("error", fail);
    request.on("response", (response) => {
      readBody(response, maxBodyBytes).then((body) => {
        clearTimeout(deadline);
        const certificateExpiresAt = url.protocol === "https:" ? certificateExpiry(url.origin) : undefined;
        resolve({ status: response.statusCode ?? 0, body, ...(certificateExpiresAt ? { certificateExpiresAt } : {}) });
      }, fail);
    });
    request.end();
  });
}
