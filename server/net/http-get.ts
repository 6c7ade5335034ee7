// One GET for a health check, on node:http and node:https: a fresh
// connection each time (a check a minute seldom finds a kept-alive socket
// still open, and idle sockets to thousands of origins cost memory; see
// docs/decisions/048-http-check-on-node-http.md), HTTP/1.1, no redirects
// followed (a 3xx is the answer), the caller's signal ending it wherever it
// is (connecting, waiting, reading), and the body read up to a cap: a peer
// that sends more is cut off, not drained. An https answer carries when the
// certificate of its connection expires (tls-sessions.ts).
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { TLSSocket } from "node:tls";
import { certificateExpiry, sessionFor, watchTlsSocket } from "./tls-sessions.ts";

export type HttpGet = {
  url: URL;
  headers: Record<string, string>;
  /** Ends the request wherever it is; the promise then rejects with the signal's reason. */
  signal: AbortSignal;
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
    response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
    response.on("close", () => reject(new Error("the connection was closed before the answer's end")));
  });
}

function open(url: URL, headers: Record<string, string>): ClientRequest {
  if (url.protocol !== "https:") return httpRequest(url, { headers, agent: false });
  const session = sessionFor(url.origin);
  const request = httpsRequest(url, { headers, agent: false, ...(session ? { session } : {}) });
  request.once("socket", (socket) => watchTlsSocket(url.origin, socket as TLSSocket));
  return request;
}

/** Sends the GET and gives its answer; rejects with the signal's reason, a socket or parser error, or "too large". */
export function httpGet({ url, headers, signal, maxBodyBytes }: HttpGet): Promise<HttpAnswer> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const request = open(url, headers);
    const fail = (error: unknown) => {
      signal.removeEventListener("abort", abort);
      request.destroy(); // also the answer's socket, mid-body: nothing more is read
      reject(error);
    };
    const abort = () => fail(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    // Stays on after the answer: a late error of a closed connection must not go unheard.
    request.on("error", fail);
    request.on("response", (response) => {
      readBody(response, maxBodyBytes).then((body) => {
        signal.removeEventListener("abort", abort);
        const certificateExpiresAt = url.protocol === "https:" ? certificateExpiry(url.origin) : undefined;
        resolve({ status: response.statusCode ?? 0, body, ...(certificateExpiresAt ? { certificateExpiresAt } : {}) });
      }, fail);
    });
    request.end();
  });
}
