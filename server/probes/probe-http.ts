// The probe's two calls to the server (its assignments, its results) on
// node:http and node:https, not fetch: loading fetch's HTTP stack (undici)
// alone costs a probe about 12 MB of its 80 (docs/decisions/059-a-light-probe.md).
// One kept-alive connection per scheme: the probe talks to one server every
// second, so a TLS handshake per batch would be waste.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export type ProbeRequest = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, connecting to the answer's last byte. */
  timeoutMs: number;
};

export type ProbeAnswer = { status: number; text: string };

/** One exchange with the server: its answer, or a rejection (unreachable, timed out, cut off). */
export type ProbeHttp = (url: string, request: ProbeRequest) => Promise<ProbeAnswer>;

/** An answer larger than this is not the server's (3,000 assignments are about 1 MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

function readAnswer(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) response.destroy(new Error("the answer is too large"));
      else chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
    response.on("close", () => reject(new Error("the connection was closed before the answer's end")));
  });
}

/** The probe's client: `send` one exchange; `close` ends the kept-alive connections (the probe stops). */
export function createProbeHttp(): { send: ProbeHttp; close(): void } {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 2 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 2 }),
  };
  const send: ProbeHttp = (url, { method, headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const open = secure ? httpsRequest : httpRequest;
      const request = open(target, { method, headers, agent: secure ? agents.https : agents.http });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      request.on("error", fail);
      request.on("response", (response) => {
        readAnswer(response).then((text) => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text });
        }, fail);
      });
      request.end(body);
    });
  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
