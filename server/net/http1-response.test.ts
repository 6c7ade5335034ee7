// The answer parser alone: a table of answers (framings, interim answers,
// caps, malformed heads and chunks), each read whole, then split at every
// byte, then in random pieces of 1 to 7 bytes: the result must not depend on
// where the socket's chunks happen to end.
import { describe, expect, it } from "vitest";
import { Http1Response, MAX_HEAD_BYTES } from "./http1-response.ts";

type Outcome = { status: number; framing: string; body: string } | { error: string };

const MAX_BODY = 1024;

/** Feeds the pieces as a socket would, and closes the connection after the last one if the answer is not whole. */
function read(pieces: Buffer[], maxBody = MAX_BODY): Outcome {
  const response = new Http1Response(maxBody);
  try {
    let done = false;
    for (const piece of pieces) if (!done) done = response.feed(piece);
    if (!done) response.end();
    return { status: response.status, framing: response.framing, body: response.body() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const ok = (status: number, framing: string, body: string): Outcome => ({ status, framing, body });
const failed = (error: string): Outcome => ({ error });
const CRLF = "\r\n";
const head = (...lines: string[]) => lines.join(CRLF) + CRLF + CRLF;

const cases: [string, string, Outcome][] = [
  ["content-length", head("HTTP/1.1 200 OK", "Content-Length: 5") + "hello", ok(200, "length", "hello")],
  [
    "content-length, more sent than announced",
    head("HTTP/1.1 200 OK", "Content-Length: 2") + "okay",
    ok(200, "length", "ok"),
  ],
  ["zero length", head("HTTP/1.1 200 OK", "Content-Length: 0"), ok(200, "length", "")],
  ["no reason phrase", head("HTTP/1.1 503", "Content-Length: 4") + "down", ok(503, "length", "down")],
  ["HTTP/1.0, close-delimited", head("HTTP/1.0 200 OK") + "hello", ok(200, "close", "hello")],
  ["close-delimited", head("HTTP/1.1 200 OK", "Content-Type: text/plain") + "a\r\nb", ok(200, "close", "a\r\nb")],
  [
    "chunked, several chunks",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + '3\r\n{"s\r\nA\r\ntatus":"UP\r\n2\r\n"}\r\n0\r\n\r\n',
    ok(200, "chunked", '{"status":"UP"}'),
  ],
  [
    "chunked, extensions and trailers",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") +
      '2;name=value\r\nok\r\n1 ; a ; b="c"\r\n!\r\n0;last\r\n' +
      "X-Checksum: 1\r\nX-Other: 2\r\n\r\n",
    ok(200, "chunked", "ok!"),
  ],
  [
    "chunked, only the 0-size chunk",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "0\r\n\r\n",
    ok(200, "chunked", ""),
  ],
  [
    "chunked, upper-case hex",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "A\r\n0123456789\r\n0\r\n\r\n",
    ok(200, "chunked", "0123456789"),
  ],
  [
    "transfer codings ending in chunked",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: gzip, CHUNKED") + "1\r\nz\r\n0\r\n\r\n",
    ok(200, "chunked", "z"),
  ],
  [
    "a transfer coding other than chunked runs to the close",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: gzip") + "zz",
    ok(200, "close", "zz"),
  ],
  [
    "100 Continue, then the answer",
    head("HTTP/1.1 100 Continue") +
      head("HTTP/1.1 103 Early Hints", "Link: </a>") +
      head("HTTP/1.1 200 OK", "Content-Length: 2") +
      "ok",
    ok(200, "length", "ok"),
  ],
  ["204 has no body", head("HTTP/1.1 204 No Content", "Content-Length: 7") + "ignored", ok(204, "none", "")],
  ["304 has no body", head("HTTP/1.1 304 Not Modified") + "ignored", ok(304, "none", "")],
  ["a 3xx is an answer", head("HTTP/1.1 302 Found", "Location: /x", "Content-Length: 0"), ok(302, "length", "")],
  ["header names in any case", head("HTTP/1.1 200 OK", "CONTENT-length: 2") + "ok", ok(200, "length", "ok")],
  [
    "odd spacing around values",
    head("HTTP/1.1 200 OK", "Content-Length:\t 2 \t", "X-Empty:") + "ok",
    ok(200, "length", "ok"),
  ],
  [
    "obs-fold read as a space",
    head("HTTP/1.1 200 OK", "X-Long: a", "  b", "Transfer-Encoding: gzip,", "\tchunked") + "1\r\n!\r\n0\r\n\r\n",
    ok(200, "chunked", "!"),
  ],
  ["bare LF line ends", "HTTP/1.1 200 OK\nContent-Length: 2\n\nok", ok(200, "length", "ok")],
  ["bare LF in chunks", "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nok\n0\n\n", ok(200, "chunked", "ok")],
  ["a body of UTF-8", head("HTTP/1.1 200 OK", "Content-Length: 6") + "grün!", ok(200, "length", "grün!")],
  [
    "a body exactly at the cap",
    head("HTTP/1.1 200 OK", `Content-Length: ${MAX_BODY}`) + "a".repeat(MAX_BODY),
    ok(200, "length", "a".repeat(MAX_BODY)),
  ],
  [
    "announced length too large",
    head("HTTP/1.1 200 OK", `Content-Length: ${MAX_BODY + 1}`),
    failed("Response body larger than 1 KB"),
  ],
  [
    "announced length beyond any number",
    head("HTTP/1.1 200 OK", `Content-Length: ${"9".repeat(40)}`),
    failed("Response body larger than 1 KB"),
  ],
  [
    "sent body too large (close-delimited)",
    head("HTTP/1.1 200 OK") + "a".repeat(MAX_BODY + 1),
    failed("Response body larger than 1 KB"),
  ],
  [
    "announced chunk too large",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "401\r\n",
    failed("Response body larger than 1 KB"),
  ],
  [
    "chunks together too large",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "200\r\n" + "a".repeat(512) + "\r\n201\r\n",
    failed("Response body larger than 1 KB"),
  ],
  [
    "headers too large",
    head("HTTP/1.1 200 OK", `X-Big: ${"a".repeat(MAX_HEAD_BYTES)}`),
    failed("Parse Error: Response headers larger than 16 KB"),
  ],
  [
    "endless interim answers",
    head("HTTP/1.1 100 Continue").repeat(1000),
    failed("Parse Error: Response headers larger than 16 KB"),
  ],
  ["not HTTP at all", "\u0000\u0001 this is not HTTP at all\r\n\r\n", failed("Parse Error: Expected HTTP/")],
  ["an empty answer", "", failed("the connection was closed before an answer")],
  ["another protocol", head("HTTP/2 200", "Content-Length: 0"), failed("Parse Error: Expected HTTP/1.x")],
  ["a short status code", head("HTTP/1.1 20 OK"), failed("Parse Error: Invalid status code")],
  ["a status code with letters", head("HTTP/1.1 2x0 OK"), failed("Parse Error: Invalid status code")],
  ["a status below 100", head("HTTP/1.1 099 Odd"), failed("Parse Error: Invalid status code")],
  ["no space after the version", head("HTTP/1.1\t200 OK"), failed("Parse Error: Expected a space after the version")],
  ["a bare CR", "HTTP/1.1 200 OK\rX: y\r\n\r\n", failed("Parse Error: Invalid character in the reason phrase")],
  [
    "a NUL in a header value",
    head("HTTP/1.1 200 OK", "X-A: a\u0000b"),
    failed("Parse Error: Invalid character in a header value"),
  ],
  [
    "space before the colon",
    head("HTTP/1.1 200 OK", "Content-Length : 2") + "ok",
    failed("Parse Error: Invalid header name"),
  ],
  ["an empty header name", head("HTTP/1.1 200 OK", ": x"), failed("Parse Error: Invalid header name")],
  [
    "a header line without a colon",
    head("HTTP/1.1 200 OK", "Content-Length 2"),
    failed("Parse Error: Invalid header name"),
  ],
  ["obs-fold first", head("HTTP/1.1 200 OK", " folded", "Content-Length: 0"), ok(200, "length", "")],
  [
    "folded Content-Length",
    head("HTTP/1.1 200 OK", "Content-Length: 1", " 2") + "ok",
    failed("Parse Error: Folded Content-Length"),
  ],
  [
    "duplicate Content-Length",
    head("HTTP/1.1 200 OK", "Content-Length: 2", "Content-Length: 2") + "ok",
    failed("Parse Error: Duplicate Content-Length"),
  ],
  [
    "a Content-Length list",
    head("HTTP/1.1 200 OK", "Content-Length: 2, 2") + "ok",
    failed("Parse Error: Invalid character in Content-Length"),
  ],
  [
    "a negative Content-Length",
    head("HTTP/1.1 200 OK", "Content-Length: -1") + "ok",
    failed("Parse Error: Invalid character in Content-Length"),
  ],
  [
    "an empty Content-Length",
    head("HTTP/1.1 200 OK", "Content-Length:") + "ok",
    failed("Parse Error: Empty Content-Length"),
  ],
  [
    "both Content-Length and chunked",
    head("HTTP/1.1 200 OK", "Content-Length: 2", "Transfer-Encoding: chunked") + "2\r\nok\r\n0\r\n\r\n",
    failed("Parse Error: Transfer-Encoding can't be present with Content-Length"),
  ],
  [
    "101 never asked for",
    head("HTTP/1.1 101 Switching Protocols", "Upgrade: h2c"),
    failed("Parse Error: Unexpected 101 Switching Protocols (no upgrade was asked for)"),
  ],
  [
    "a bad chunk size",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "zz\r\nok\r\n0\r\n\r\n",
    failed("Parse Error: Invalid chunk size"),
  ],
  [
    "a chunk size with junk after it",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "2x\r\nok\r\n0\r\n\r\n",
    failed("Parse Error: Invalid character in chunk size"),
  ],
  [
    "an empty chunk size line",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "\r\nok\r\n",
    failed("Parse Error: Invalid chunk size"),
  ],
  [
    "chunk data longer than announced",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "2\r\nokXX\r\n0\r\n\r\n",
    failed("Parse Error: Expected CRLF after chunk data"),
  ],
  [
    "a chunk size line without end",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "1;" + "x".repeat(5000),
    failed("Parse Error: Chunk size line too long"),
  ],
  ["closed mid-head", "HTTP/1.1 200 OK\r\nContent-Le", failed("the connection was closed before an answer")],
  [
    "closed mid-body",
    head("HTTP/1.1 200 OK", "Content-Length: 10") + "abc",
    failed("the connection was closed before an answer"),
  ],
  [
    "closed mid-chunk",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "5\r\nab",
    failed("the connection was closed before an answer"),
  ],
  [
    "closed before the last chunk",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "2\r\nok\r\n",
    failed("the connection was closed before an answer"),
  ],
  [
    "closed in the trailers",
    head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked") + "0\r\nX-T: 1\r\n",
    failed("the connection was closed before an answer"),
  ],
];

describe("an answer read whole", () => {
  it.each(cases)("%s", (_, answer, expected) => {
    expect(read([Buffer.from(answer)])).toEqual(expected);
  });
});

/** A small deterministic generator (mulberry32), so a failing split can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the same answer however the socket splits it", () => {
  it.each(cases)("%s", (_, answer, expected) => {
    const bytes = Buffer.from(answer);
    for (let at = 0; at <= bytes.length; at++) {
      const outcome = read([bytes.subarray(0, at), bytes.subarray(at)]);
      if (JSON.stringify(outcome) !== JSON.stringify(expected))
        expect({ at, outcome }).toEqual({ at, outcome: expected });
    }
    const next = random(bytes.length + 1);
    for (let round = 0; round < 50; round++) {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length;) {
        const size = 1 + Math.floor(next() * 7);
        pieces.push(Buffer.from(bytes.subarray(at, at + size))); // copies: no piece shares memory with another
        at += size;
      }
      expect(read(pieces), `pieces ${pieces.map((piece) => piece.length).join(",")}`).toEqual(expected);
    }
  });
});
