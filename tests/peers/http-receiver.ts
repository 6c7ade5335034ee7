// For tests: a real HTTP server on loopback that stands in for a webhook
// receiver (Slack, Discord, Teams, a Matrix homeserver, ntfy, the Telegram
// Bot API). It keeps every request in order, answers what it is told (a
// status for the next few requests or until told otherwise, or never), and
// can be taken down and brought back on the same port.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived (a signature is over these bytes). */
  body: string;
  /** The body parsed, when it is JSON; else undefined. */
  json: unknown;
};

/** What to answer: a status with headers and a body, or "never" (the request hangs until the client gives up). */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | "never";

const OK: ReceiverAnswer = { status: 200, body: "ok" };

export async function startHttpReceiver() {
  const received: ReceivedRequest[] = [];
  let standing: ReceiverAnswer = OK;
  const queued: ReceiverAnswer[] = [];
  let server: Server | undefined;
  let port = 0;

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        json: parseJson(body),
      });
      const answer = queued.shift() ?? standing;
      if (answer === "never") return;
      response.writeHead(answer.status, answer.headers).end(answer.body ?? "");
    });
  }

  async function up(): Promise<void> {
    if (server) return;
    const starting = createServer(handle);
    await new Promise<void>((resolve, reject) => {
      starting.once("error", reject);
      starting.listen(port, "127.0.0.1", () => resolve());
    });
    server = starting;
    port = (starting.address() as AddressInfo).port;
  }

  async function down(): Promise<void> {
    const closing = server;
    server = undefined;
    if (!closing) return;
    // Hanging requests and idle keep-alive connections would hold the port open.
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await up();
  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    /** Answers this to the next `times` requests, then as before; without `times`, from now on. */
    answer(answer: ReceiverAnswer, times?: number): void {
      if (times === undefined) {
        queued.length = 0;
        standing = answer;
      } else {
        for (let i = 0; i < times; i += 1) queued.push(answer);
      }
    },
    /** Back to the start: nothing received, 200 "ok" to everything. */
    reset(): void {
      received.length = 0;
      queued.length = 0;
      standing = OK;
    },
    up,
    down,
    /** Down for good (the same as down; named for afterAll). */
    close: down,
  };
}

export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
