// One HTTP request out, for the notification channels: a fresh connection
// each time (nothing pooled, so every connection is checked), one deadline
// for connect, headers and body, no redirects, the answer's body read up to a
// cap or not at all. With a target policy the connection goes only to an
// address the policy allows (address-guard.ts).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { guardedLookup, RefusedTarget, refusedAddress, type TargetPolicy } from "./address-guard.ts";

export class RequestTimeout extends Error {
  override name = "RequestTimeout";
}

export type OutgoingRequest = {
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The answer's body is read up to this many bytes (larger: none of it); 0 reads none. */
  maxAnswerBytes: number;
  /** Where the connection may go; without it, anywhere. */
  targets?: TargetPolicy;
};

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as text; "" when none was read (larger than the cap, or not asked for). */
  text: string;
};

/** The body up to maxBytes, or "" past it (the rest is not read). */
function readAnswer(response: IncomingMessage, maxBytes: number): Promise<string> {
  if (maxBytes <= 0) {
    // Not wanted: the connection is closed rather than drained (an error of the closed answer is no news).
    response.on("error", () => undefined);
    response.destroy();
    return Promise.resolve("");
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      response.destroy();
      resolve("");
    });
    response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
    response.on("close", () => reject(new Error("the connection closed before the answer's end")));
  });
}

/** Sends the request and gives its answer; throws RefusedTarget, RequestTimeout or the socket's own error. */
export async function sendRequest(url: URL, options: OutgoingRequest): Promise<Answer> {
  // An address in the URL is not looked up, so it is checked here; a name, by the socket's lookup.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const refused = options.targets && isIP(host) ? refusedAddress(host, options.targets) : null;
  if (refused) throw new RefusedTarget(host, refused);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const request = send(url, {
      method: options.method,
      headers: { ...options.headers, "Content-Length": String(Buffer.byteLength(options.body)) },
      agent: false,
      ...(options.targets ? { lookup: guardedLookup(options.targets) } : {}),
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new RequestTimeout());
    }, options.timeoutMs);
    // The first outcome counts (a promise settles once); a late error of a closed connection is no news.
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(timedOut ? new RequestTimeout() : error);
    };
    request.on("error", fail);
    request.on("response", (response) => {
      readAnswer(response, options.maxAnswerBytes).then((text) => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
      }, fail);
    });
    request.end(options.body);
  });
}
