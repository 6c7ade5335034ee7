// An HTTP/1.1 answer to a GET, read incrementally from the bytes a socket
// gives: fed chunk by chunk, however they are split, it finds the status, the
// body's framing (Content-Length, chunked, or the connection's close) and the
// body, or throws an Error saying what was wrong. Interim answers (1xx) are
// skipped; a 204 or 304 has no body. The head is capped (16 KB, as node:http
// caps it) and so is the body: an announced length or chunk over the cap is
// refused before it is read, and a body that grows past it is cut off.
// The body's bytes are kept as slices of the chunks they came in and decoded
// once at the end; a line is copied only when a chunk boundary splits it.
import {
  endsChunked,
  HEADER_CONTENT_LENGTH,
  HEADER_FOLD,
  HEADER_TRANSFER_ENCODING,
  LF,
  lineEnd,
  matchVersionPrefix,
  ParseError,
  parseChunkSize,
  parseContentLength,
  parseHeaderLine,
  parseStatusLine,
  type HeaderLine,
} from "./http1-head.ts";

export { ParseError } from "./http1-head.ts";

/** The status lines and headers of an answer (its interim answers included) together, at most. */
export const MAX_HEAD_BYTES = 16 * 1024;
/** A chunk-size line (with its extensions) at most; trailers share the head's cap. */
const MAX_LINE_BYTES = 4 * 1024;

/** What the body is framed by: none (1xx, 204, 304, or a zero length), a length, chunks, or the close. */
export type Framing = "none" | "length" | "chunked" | "close";

const STATUS_LINE = 0;
const HEADERS = 1;
const BODY_LENGTH = 2;
const BODY_CLOSE = 3;
const CHUNK_SIZE = 4;
const CHUNK_DATA = 5;
const CHUNK_DATA_END = 6;
const TRAILERS = 7;
const DONE = 8;

/** The error for a body over the cap, in the words the check has always used. */
export const tooLarge = (maxBytes: number) => new Error(`Response body larger than ${Math.round(maxBytes / 1024)} KB`);

/** The words describeError gives node:http's "socket hang up": the peer closed before the answer's end. */
export const closedEarly = () => new Error("the connection was closed before an answer");

export class Http1Response {
  status = 0;
  framing: Framing = "none";
  private state = STATUS_LINE;
  /** The start of a line that the last chunks ended inside. */
  private pending: Buffer[] | undefined;
  /** Bytes of "HTTP/" matched at the start of the status line being read. */
  private versionMatched = 0;
  /** Bytes of head (or of trailers, or of one chunk-size line) read so far, against its cap. */
  private lineBytes = 0;
  private contentLength = -1;
  private transferEncoding: string | undefined;
  private lastHeader = 0;
  /** What is left of the body (by length) or of the chunk being read. */
  private remaining = 0;
  private readonly parts: Buffer[] = [];
  private bodyBytes = 0;
  private readonly line: HeaderLine = { kind: 0, valueStart: 0, valueEnd: 0 };

  constructor(private readonly maxBodyBytes: number) {}

  /** Reads a chunk; true once the answer is whole (what follows it is not read). Throws what is wrong. */
  feed(chunk: Buffer): boolean {
    let at = 0;
    while (at < chunk.length && this.state !== DONE) {
      if (this.state === BODY_LENGTH || this.state === CHUNK_DATA) at = this.takeCounted(chunk, at);
      else if (this.state === BODY_CLOSE) at = this.take(chunk, at, chunk.length);
      else at = this.readLine(chunk, at);
    }
    return this.state === DONE;
  }

  /** The connection closed: the answer ends here if its body runs to the close, else it was cut short. */
  end(): void {
    if (this.state === BODY_CLOSE) this.state = DONE;
    if (this.state !== DONE) throw closedEarly();
  }

  /** The body as UTF-8 text, decoded once. */
  body(): string {
    const parts = this.parts;
    if (parts.length === 0) return "";
    return (parts.length === 1 ? parts[0]! : Buffer.concat(parts, this.bodyBytes)).toString("utf8");
  }

  private take(chunk: Buffer, from: number, to: number): number {
    this.bodyBytes += to - from;
    if (this.bodyBytes > this.maxBodyBytes) throw tooLarge(this.maxBodyBytes);
    this.parts.push(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
    return to;
  }

  private takeCounted(chunk: Buffer, at: number): number {
    const to = Math.min(chunk.length, at + this.remaining);
    this.remaining -= to - at;
    this.take(chunk, at, to);
    if (this.remaining === 0) this.state = this.state === CHUNK_DATA ? CHUNK_DATA_END : DONE;
    return to;
  }

  /** Reads up to the next line's end (or keeps the start of a line the chunk ends in); returns where it stopped. */
  private readLine(chunk: Buffer, at: number): number {
    if (this.state === STATUS_LINE && this.versionMatched < 5)
      this.versionMatched = matchVersionPrefix(chunk, at, this.versionMatched);
    const lf = chunk.indexOf(LF, at);
    const cap = this.state === CHUNK_SIZE || this.state === CHUNK_DATA_END ? MAX_LINE_BYTES : MAX_HEAD_BYTES;
    this.lineBytes += (lf === -1 ? chunk.length : lf + 1) - at;
    if (this.lineBytes > cap) throw this.overflow();
    if (lf === -1) {
      // Kept as pieces, joined once the line ends: a head that drips a byte at a time costs no copy per byte.
      (this.pending ??= []).push(chunk.subarray(at));
      return chunk.length;
    }
    if (this.pending) {
      this.pending.push(chunk.subarray(at, lf + 1));
      const line = Buffer.concat(this.pending);
      this.pending = undefined;
      this.onLine(line, 0, lineEnd(line, 0, line.length - 1));
    } else this.onLine(chunk, at, lineEnd(chunk, at, lf));
    return lf + 1;
  }

  private overflow(): Error {
    if (this.state === STATUS_LINE || this.state === HEADERS)
      return new ParseError(`Response headers larger than ${MAX_HEAD_BYTES / 1024} KB`);
    return new ParseError(this.state === TRAILERS ? "Trailers too large" : "Chunk size line too long");
  }

  private onLine(buffer: Buffer, start: number, end: number): void {
    switch (this.state) {
      case STATUS_LINE:
        this.status = parseStatusLine(buffer, start, end);
        this.state = HEADERS;
        return;
      case HEADERS:
        if (start === end) return this.endHead();
        return this.onHeader(buffer, start, end);
      case CHUNK_SIZE:
        return this.onChunkSize(parseChunkSize(buffer, start, end, this.maxBodyBytes - this.bodyBytes));
      case CHUNK_DATA_END:
        if (start !== end) throw new ParseError("Expected CRLF after chunk data");
        this.state = CHUNK_SIZE;
        this.lineBytes = 0;
        return;
      default: // TRAILERS: read past, as nothing in them is used
        if (start === end) this.state = DONE;
    }
  }

  private onHeader(buffer: Buffer, start: number, end: number): void {
    const { kind, valueStart, valueEnd } = parseHeaderLine(buffer, start, end, this.line);
    if (kind === HEADER_FOLD) {
      if (this.lastHeader === HEADER_CONTENT_LENGTH) throw new ParseError("Folded Content-Length");
      if (this.lastHeader === HEADER_TRANSFER_ENCODING)
        this.transferEncoding += ` ${buffer.toString("latin1", valueStart, valueEnd)}`;
      return;
    }
    this.lastHeader = kind;
    if (kind === HEADER_CONTENT_LENGTH) {
      if (this.contentLength !== -1) throw new ParseError("Duplicate Content-Length");
      this.contentLength = parseContentLength(buffer, valueStart, valueEnd, this.maxBodyBytes);
    } else if (kind === HEADER_TRANSFER_ENCODING) {
      const value = buffer.toString("latin1", valueStart, valueEnd);
      this.transferEncoding = this.transferEncoding === undefined ? value : `${this.transferEncoding}, ${value}`;
    }
  }

  /** The head is read: an interim answer starts another; the final one's framing decides how its body is read. */
  private endHead(): void {
    const status = this.status;
    if (status === 101) throw new ParseError("Unexpected 101 Switching Protocols (no upgrade was asked for)");
    if (status < 200) return this.startInterim();
    if (this.transferEncoding !== undefined && this.contentLength !== -1)
      throw new ParseError("Transfer-Encoding can't be present with Content-Length");
    this.lineBytes = 0;
    if (status === 204 || status === 304) this.state = DONE;
    else if (this.transferEncoding !== undefined && endsChunked(this.transferEncoding)) {
      this.framing = "chunked";
      this.state = CHUNK_SIZE;
    } else if (this.transferEncoding !== undefined || this.contentLength === -1) {
      this.framing = "close";
      this.state = BODY_CLOSE;
    } else this.startLength(this.contentLength);
  }

  private startInterim(): void {
    // lineBytes is not reset: interim answers count against the head's cap, so endless ones end there.
    this.state = STATUS_LINE;
    this.versionMatched = 0;
    this.contentLength = -1;
    this.transferEncoding = undefined;
    this.lastHeader = 0;
  }

  private startLength(length: number): void {
    if (length > this.maxBodyBytes) throw tooLarge(this.maxBodyBytes);
    this.framing = "length";
    this.remaining = length;
    this.state = length === 0 ? DONE : BODY_LENGTH;
  }

  private onChunkSize(size: number): void {
    if (size === Infinity) throw tooLarge(this.maxBodyBytes);
    this.lineBytes = 0;
    this.remaining = size;
    this.state = size === 0 ? TRAILERS : CHUNK_DATA;
  }
}
