// What a page takes as a write: an HTML form's post (the contact and the
// subscription forms, the confirm and unsubscribe buttons work without
// JavaScript), so a body sent as application/x-www-form-urlencoded, in UTF-8,
// of a few KB. Anything else is answered here, shortly and before React
// Router, whose action would fail to read it: a 500 with a stack trace in the
// log, for a post any script can send.
import type { MiddlewareHandler } from "hono";

const FORM = "application/x-www-form-urlencoded";

class TooLarge extends Error {}

const answer = (status: 400 | 413 | 415, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...(status === 415 ? { "Accept-Post": FORM } : {}) },
  });

/** The whole body; TooLarge past maxBytes (the rest is not read), the stream's own error when it fails. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new TooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Hands the page a form post it can read: 415 for another type or a content coding, 413 past maxBytes, 400 for a
 * body that cannot be read (a broken stream, or not UTF-8).
 */
export function pageFormPosts(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const coding = (c.req.header("content-encoding") ?? "identity").trim().toLowerCase();
    if (type !== FORM || coding !== "identity") return answer(415, `Unsupported Media Type: a form is sent as ${FORM}`);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readBody(c.req.raw, maxBytes);
      new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch (error) {
      return error instanceof TooLarge
        ? answer(413, "Request body too large")
        : answer(400, "Bad Request: the form could not be read");
    }
    // Read once, here: the page reads this copy.
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}
