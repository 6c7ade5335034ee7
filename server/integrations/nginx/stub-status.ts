// The nginx stub_status page (ngx_http_stub_status_module), read strictly.
// A monitor that turns an unreadable page into zeros reports a dead or
// misrouted nginx as an idle one, so anything that is not exactly the format
// nginx writes is an error with a reason. nginx writes (source:
// ngx_http_stub_status_module.c, one space after every number):
//
//   Active connections: 291 \n
//   server accepts handled requests\n
//    16630948 16630948 31070465 \n
//   Reading: 6 Writing: 179 Waiting: 106 \n

export type StubStatus = {
  /** Open client connections, idle keep-alive ones included. */
  active: number;
  /** Counters since nginx started: connections accepted, connections handled, requests. */
  accepts: number;
  handled: number;
  requests: number;
  /** Connections reading a request header, writing a response, idle in keep-alive. */
  reading: number;
  writing: number;
  waiting: number;
};

export type StubStatusResult = { ok: true; value: StubStatus } | { ok: false; error: string };

/** The real page is under 200 characters; a much longer body is something else. */
const MAX_LENGTH = 1024;

type Line = { pattern: RegExp; expected: string; fields: (keyof StubStatus)[] };

// Only what nginx varies is tolerated: the spaces it leaves after every
// number (`trimEnd` would also eat tabs and other whitespace, hence ` *`), a
// CR from a proxy that rewrote line ends, and the single leading space of the
// counters line, which a proxy or a copy-paste may have dropped.
const LINES: Line[] = [
  { pattern: /^Active connections: (\d+) *$/, expected: "Active connections: <n>", fields: ["active"] },
  { pattern: /^server accepts handled requests *$/, expected: "server accepts handled requests", fields: [] },
  {
    pattern: /^ ?(\d+) (\d+) (\d+) *$/,
    expected: " <accepts> <handled> <requests>",
    fields: ["accepts", "handled", "requests"],
  },
  {
    pattern: /^Reading: (\d+) Writing: (\d+) Waiting: (\d+) *$/,
    expected: "Reading: <n> Writing: <n> Waiting: <n>",
    fields: ["reading", "writing", "waiting"],
  },
];

/** A short, printable excerpt of what was found instead, for the error message. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** A counter as nginx prints it (%uA: no sign, no leading zeros), or the reason it is not one. */
function readNumber(digits: string): number | string {
  if (digits.length > 1 && digits.startsWith("0")) return `${digits.slice(0, 20)} has a leading zero`;
  const value = Number(digits);
  // Beyond 2^53 - 1 a double no longer holds the exact count: a wrong number is worse than none.
  if (!Number.isSafeInteger(value))
    return `${digits.slice(0, 20)}${digits.length > 20 ? "…" : ""} is beyond the safe integer range`;
  return value;
}

/** Parses a stub_status body; never throws, and a malformed body is an error with its reason, never zeros. */
export function parseStubStatus(text: string): StubStatusResult {
  // Callers hand in whatever came off the wire; JavaScript callers may not even pass a string.
  if (typeof text !== "string") return { ok: false, error: "not text" };
  if (text.trim() === "") return { ok: false, error: "empty body" };
  if (text.length > MAX_LENGTH)
    return { ok: false, error: `body too long for a stub_status page (${text.length} characters)` };
  // An error page from nginx itself or a proxy in front of it (a 200 login page, a captive portal).
  if (/^\s*</.test(text)) return { ok: false, error: "an HTML or XML page, not stub_status" };

  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop(); // the final newline nginx writes
  if (lines.length !== LINES.length) return { ok: false, error: `expected ${LINES.length} lines, got ${lines.length}` };

  const value: Partial<StubStatus> = {};
  for (const [index, spec] of LINES.entries()) {
    const line = (lines[index] ?? "").replace(/\r$/, "");
    const match = spec.pattern.exec(line);
    if (!match) return { ok: false, error: `line ${index + 1}: expected "${spec.expected}", got ${excerpt(line)}` };
    for (const [position, field] of spec.fields.entries()) {
      const number = readNumber(match[position + 1] ?? "");
      if (typeof number === "string") return { ok: false, error: `line ${index + 1}: ${field} ${number}` };
      value[field] = number;
    }
  }
  return { ok: true, value: value as StubStatus };
}

/** The page exactly as nginx writes it: the inverse of parseStubStatus. */
export function formatStubStatus(value: StubStatus): string {
  return (
    `Active connections: ${value.active} \n` +
    "server accepts handled requests\n" +
    ` ${value.accepts} ${value.handled} ${value.requests} \n` +
    `Reading: ${value.reading} Writing: ${value.writing} Waiting: ${value.waiting} \n`
  );
}
