// One GET for a health check, on a socket of its own (net.connect, or
// tls.connect for https): a fresh connection each time (a check a minute
// seldom finds a kept-alive socket still open, and idle sockets to thousands
// of origins cost memory; see docs/decisions/048-http-check-on-node-http.md),
// HTTP/1.1, no redirects followed (a 3xx is the answer), the caller's
// deadline ending it wherever it is (connecting, waiting, reading), and the
// body read up to a cap: a peer that sends more is cut off, not drained. An
// https answer carries when the certificate of its connection expires
// (tls-sessions.ts), and offers the origin's last TLS session.
// What a check costs (docs/decisions/058-a-check-that-costs-what-it-must.md,
// 060-a-lean-http-get.md): node:http's request and response objects, streams
// and parser callbacks were most of a check's CPU beyond connect(), so the
// request is one buffer made once per target (http1-request.ts), written
// once, and the answer is read by a small parser fed the socket's chunks
// (http1-response.ts). The deadline is one timer; the socket's listeners are
// shared functions that find the check's state on the socket, so a check
// makes no closures of its own. The socket is destroyed at the end, whatever
// the end is.
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls, type TLSSocket } from "node:tls";
import { Http1Response } from "./http1-response.ts";
import { requestFor, type PreparedRequest } from "./http1-request.ts";
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

/** One check's state, carried by its socket so the shared listeners below can find it. */
type Exchange = {
  request: PreparedRequest;
  socket: Socket;
  response: Http1Response;
  timer: NodeJS.Timeout | undefined;
  settled: boolean;
  resolve: (answer: HttpAnswer) => void;
  reject: (error: unknown) => void;
};

const EXCHANGE = Symbol("http-get exchange");
type Carrier = Socket & { [EXCHANGE]: Exchange };

function settle(exchange: Exchange, error: unknown): void {
  if (exchange.settled) return;
  exchange.settled = true;
  clearTimeout(exchange.timer);
  exchange.socket.destroy(); // mid-body too: nothing more is read
  if (error !== undefined) return exchange.reject(error);
  const { request, response } = exchange;
  const certificateExpiresAt = request.secure ? certificateExpiry(request.origin) : undefined;
  exchange.resolve({
    status: response.status,
    body: response.body(),
    ...(certificateExpiresAt ? { certificateExpiresAt } : {}),
  });
}

function onData(this: Carrier, chunk: Buffer): void {
  const exchange = this[EXCHANGE];
  if (exchange.settled) return;
  try {
    if (exchange.response.feed(chunk)) settle(exchange, undefined);
  } catch (error) {
    settle(exchange, error);
  }
}

/** The peer closed: a body that runs to the close ends here; anything else was cut short. */
function onClose(this: Carrier): void {
  const exchange = this[EXCHANGE];
  if (exchange.settled) return;
  try {
    exchange.response.end();
    settle(exchange, undefined);
  } catch (error) {
    settle(exchange, error);
  }
}

/** Stays on after the answer: a late error of a closed connection must not go unheard. */
function onError(this: Carrier, error: Error): void {
  settle(this[EXCHANGE], error);
}

function onDeadline(exchange: Exchange): void {
  settle(exchange, new TimeoutError());
}

function open(request: PreparedRequest): Socket {
  const { host, port } = request;
  if (!request.secure) return connectTcp({ host, port });
  const session = sessionFor(request.origin);
  const socket = connectTls({
    host,
    port,
    ...(request.servername ? { servername: request.servername } : {}),
    ...(session ? { session } : {}),
    ALPNProtocols: ["http/1.1"],
    rejectUnauthorized: true,
  });
  watchTlsSocket(request.origin, socket as TLSSocket);
  return socket;
}

/** Sends the GET and gives its answer; rejects with a TimeoutError, a socket or parse error, or "too large". */
export function httpGet({ url, headers, timeoutMs, maxBodyBytes }: HttpGet): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = requestFor(url, headers);
    const socket = open(request) as Carrier;
    const exchange: Exchange = {
      request,
      socket,
      response: new Http1Response(maxBodyBytes),
      timer: undefined,
      settled: false,
      resolve,
      reject,
    };
    socket[EXCHANGE] = exchange;
    exchange.timer = setTimeout(onDeadline, timeoutMs, exchange);
    socket.on("data", onData);
    socket.on("close", onClose);
    socket.on("error", onError);
    socket.write(request.bytes);
  });
}
