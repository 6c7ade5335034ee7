// The lines of an HTTP/1.x answer's head, read from the bytes as they came:
// the status line, and of the header lines only what frames the body
// (Content-Length, Transfer-Encoding). Nothing is turned into a string but a
// Transfer-Encoding value, which is rare and short. What is malformed is an
// Error that says what was wrong, never a guess: a health check that cannot
// read an answer reports it rather than judging a body it may have misframed.

/** An answer that is not HTTP/1.x as RFC 9112 writes it: the message says what was wrong. */
export class ParseError extends Error {
  override name = "ParseError";
  constructor(what: string) {
    super(`Parse Error: ${what}`);
  }
}

const LF = 0x0a;
const CR = 0x0d;
const SP = 0x20;
const HT = 0x09;
const COLON = 0x3a;

/** RFC 9110's tchar: the bytes a header name may hold. */
const TOKEN = new Uint8Array(256);
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  TOKEN[char.charCodeAt(0)] = 1;

/** The header names that frame the body, lower-case, as bytes. */
const CONTENT_LENGTH = Buffer.from("content-length");
const TRANSFER_ENCODING = Buffer.from("transfer-encoding");

export const HEADER_OTHER = 0;
export const HEADER_CONTENT_LENGTH = 1;
export const HEADER_TRANSFER_ENCODING = 2;
export const HEADER_FOLD = 3;

/** A header line as read: which header, and where its value lies (spaces around it trimmed). */
export type HeaderLine = { kind: number; valueStart: number; valueEnd: number };

/** Where a line that ends at `lf` ends without its CR (a bare LF ends a line as well: RFC 9112 section 2.2). */
export function lineEnd(buffer: Buffer, start: number, lf: number): number {
  return lf > start && buffer[lf - 1] === CR ? lf - 1 : lf;
}

/** A control byte (other than a tab) in a line is refused: a bare CR could split it in another reader's eyes. */
export function refuseControls(buffer: Buffer, start: number, end: number, where: string): void {
  for (let i = start; i < end; i++) {
    const byte = buffer[i]!;
    if ((byte < SP && byte !== HT) || byte === 0x7f) throw new ParseError(`Invalid character in ${where}`);
  }
}

/** How many bytes of "HTTP/" a status line's start matches, from `matched` on; refuses the first that differs. */
export function matchVersionPrefix(buffer: Buffer, at: number, matched: number): number {
  const prefix = "HTTP/";
  let i = at;
  while (matched < prefix.length && i < buffer.length) {
    if (buffer[i] !== prefix.charCodeAt(matched)) throw new ParseError("Expected HTTP/");
    matched++;
    i++;
  }
  return matched;
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** The status of "HTTP/1.x NNN reason" (the reason may be empty or absent). */
export function parseStatusLine(buffer: Buffer, start: number, end: number): number {
  if (buffer[start + 5] !== 0x31 || buffer[start + 6] !== 0x2e || !isDigit(buffer[start + 7]))
    throw new ParseError("Expected HTTP/1.x");
  if (buffer[start + 8] !== SP) throw new ParseError("Expected a space after the version");
  const [a, b, c] = [buffer[start + 9], buffer[start + 10], buffer[start + 11]];
  if (start + 12 > end || !isDigit(a) || !isDigit(b) || !isDigit(c) || (start + 12 < end && buffer[start + 12] !== SP))
    throw new ParseError("Invalid status code");
  const status = (a! - 0x30) * 100 + (b! - 0x30) * 10 + (c! - 0x30);
  if (status < 100) throw new ParseError("Invalid status code");
  refuseControls(buffer, start + 12, end, "the reason phrase");
  return status;
}

function nameIs(buffer: Buffer, start: number, end: number, name: Buffer): boolean {
  if (end - start !== name.length) return false;
  // A token byte OR 0x20 is its lower case for letters and itself for the rest of tchar that can match here.
  for (let i = 0; i < name.length; i++) if ((buffer[start + i]! | 0x20) !== name[i]) return false;
  return true;
}

const isSpace = (byte: number | undefined) => byte === SP || byte === HT;

/** Reads one header line: its name checked (a token, no space before the colon), its value trimmed. */
export function parseHeaderLine(buffer: Buffer, start: number, end: number, line: HeaderLine): HeaderLine {
  if (isSpace(buffer[start])) {
    // obs-fold: RFC 9112 section 5.2 has a user agent read it as one space and go on.
    line.kind = HEADER_FOLD;
  } else {
    let colon = start;
    while (colon < end && TOKEN[buffer[colon]!] === 1) colon++;
    if (colon === start || buffer[colon] !== COLON) throw new ParseError("Invalid header name");
    line.kind = nameIs(buffer, start, colon, CONTENT_LENGTH)
      ? HEADER_CONTENT_LENGTH
      : nameIs(buffer, start, colon, TRANSFER_ENCODING)
        ? HEADER_TRANSFER_ENCODING
        : HEADER_OTHER;
    start = colon + 1;
  }
  refuseControls(buffer, start, end, "a header value");
  while (start < end && isSpace(buffer[start])) start++;
  while (end > start && isSpace(buffer[end - 1])) end--;
  line.valueStart = start;
  line.valueEnd = end;
  return line;
}

/**
 * A Content-Length value: digits only (no sign, no list). A length above `cap` is returned as Infinity, so a huge
 * one is refused as too large without being computed.
 */
export function parseContentLength(buffer: Buffer, start: number, end: number, cap: number): number {
  if (start === end) throw new ParseError("Empty Content-Length");
  let length = 0;
  for (let i = start; i < end; i++) {
    const byte = buffer[i]!;
    if (!isDigit(byte)) throw new ParseError("Invalid character in Content-Length");
    if (length <= cap) length = length * 10 + (byte - 0x30);
  }
  return length > cap ? Infinity : length;
}

/** Whether a Transfer-Encoding list ends in chunked (RFC 9112 section 6.3: else the body runs to the close). */
export function endsChunked(codings: string): boolean {
  const last = codings.slice(codings.lastIndexOf(",") + 1).trim();
  return last.length === 7 && last.toLowerCase() === "chunked";
}

/**
 * A chunk-size line: hex digits, then optional extensions (";name=value", ignored). A size above `cap` is Infinity:
 * refused as too large before any of it is read.
 */
export function parseChunkSize(buffer: Buffer, start: number, end: number, cap: number): number {
  let size = 0;
  let i = start;
  for (; i < end; i++) {
    const byte = buffer[i]!;
    const letter = byte | 0x20; // a-f in either case
    const digit = isDigit(byte) ? byte - 0x30 : letter >= 0x61 && letter <= 0x66 ? letter - 0x57 : -1;
    if (digit < 0) break;
    if (size <= cap) size = size * 16 + digit;
  }
  if (i === start) throw new ParseError("Invalid chunk size");
  while (i < end && isSpace(buffer[i])) i++;
  if (i < end && buffer[i] !== 0x3b) throw new ParseError("Invalid character in chunk size");
  refuseControls(buffer, i, end, "a chunk extension");
  return size > cap ? Infinity : size;
}

export { LF };
