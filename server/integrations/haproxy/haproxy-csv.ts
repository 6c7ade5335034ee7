// HAProxy's statistics CSV (management guide section 9.1: the stats page with
// ";csv", or "show stat" on the runtime socket), read strictly and by column
// name. The columns after the fixed ones differ between versions (2.6 has
// over 100, older ones fewer), so rows are keyed by the header, never by
// position. Anything HAProxy would not write is an error with a reason
// rather than a guess: a monitor that misreads a column shows a dead server
// as a healthy one.
//
// The shape HAProxy writes:
//   # pxname,svname,qcur,...,status,...,\n     (header, trailing comma)
//   fe,FRONTEND,,,0,...,OPEN,...,\n           (one line per proxy/server)
//   \n                                         (the socket adds a blank line)
// A text field holding a comma or a double quote is quoted the CSV way
// ("Bad, ""really"" bad"), as HAProxy 2.6 does for a check's reason text.
// csv-parse reads the fields; the rules of this shape are checked here.
import { CsvError, parse } from "csv-parse/sync";

export type HaproxyCsv = { ok: true; columns: string[]; rows: Record<string, string>[] } | { ok: false; error: string };

/** The columns the readings use, in HAProxy's order: enough for tests and the simulated fleet to write. */
export const HAPROXY_READ_COLUMNS = [
  "pxname",
  "svname",
  "scur",
  "stot",
  "bin",
  "bout",
  "status",
  "act",
  "lastchg",
  "type",
  "check_status",
  "req_tot",
  "last_chk",
] as const;

/** The columns every row must have to say what it is. */
const REQUIRED_COLUMNS = ["pxname", "svname"] as const;

/** What csv-parse's refusals mean in this format, by its error codes. */
const CSV_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "unterminated quoted field",
  CSV_INVALID_CLOSING_QUOTE: "unexpected text after a quoted field",
  INVALID_OPENING_QUOTE: "a double quote inside an unquoted field",
};

type Line = { fields: string[]; line: number };
/** What csv-parse gives with `info: true` (its types know only the plain records). */
type ParsedRecord = { record: string[]; info: { lines: number } };
type Lines = { ok: true; lines: Line[] } | { ok: false; error: string };

/**
 * Every line's fields, numbered from the header's line. HAProxy ends each line with a comma: the empty field that
 * gives is not a column.
 */
function readLines(body: string): Lines {
  let records: ParsedRecord[];
  try {
    // Line lengths vary (older writers, cut lines): they are checked against the header below.
    records = parse(body, { relax_column_count: true, info: true }) as unknown as ParsedRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const where = "lines" in error ? `line ${String(error.lines)}: ` : "";
    return { ok: false, error: `${where}${CSV_REASONS[error.code] ?? error.message}` };
  }
  const lines: Line[] = [];
  for (const { record, info } of records) {
    // info.lines is where a record ends; one whose quoted field holds a line break started earlier.
    const breaks = record.join("").match(/\r\n|\r|\n/g)?.length ?? 0;
    const line = info.lines - breaks;
    // HAProxy writes none (its reasons are one line): a record over several lines is text it did not write.
    if (breaks > 0) return { ok: false, error: `line ${line}: a line break inside a quoted field` };
    const fields = record.length > 1 && record[record.length - 1] === "" ? record.slice(0, -1) : record;
    lines.push({ fields, line });
  }
  return { ok: true, lines };
}

export function parseHaproxyCsv(text: string): HaproxyCsv {
  if (typeof text !== "string") return { ok: false, error: "not text" };
  // Blank lines at the end are fine (the socket ends with one); inside they are not.
  const body = text.replace(/(\r?\n)+$/, "");
  if (body === "") return { ok: false, error: 'empty answer (expected a header line starting with "# ")' };
  if (!body.startsWith("# ")) {
    const firstLine = body.split(/\r?\n/)[0]!;
    return {
      ok: false,
      error: `no header line: the first line must start with "# ", got ${JSON.stringify(firstLine.slice(0, 40))}`,
    };
  }
  const read = readLines(body.slice(2));
  // Line 1 is the header: its errors are named so, like those found below.
  if (!read.ok) return read.error.startsWith("line 1:") ? { ok: false, error: `header: ${read.error.slice(8)}` } : read;
  const [header, ...lines] = read.lines;
  // "# " alone: no columns, so none of the required ones.
  const columns = header?.fields ?? [];
  const seen = new Set<string>();
  for (const [index, column] of columns.entries()) {
    if (column === "") return { ok: false, error: `header: empty column name at position ${index + 1}` };
    if (seen.has(column)) return { ok: false, error: `header: duplicate column "${column.slice(0, 40)}"` };
    seen.add(column);
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !seen.has(name));
  if (missing.length > 0)
    return { ok: false, error: `header: no ${missing.map((name) => `"${name}"`).join(" or ")} column` };

  const rows: Record<string, string>[] = [];
  for (const { fields, line } of lines) {
    if (fields.length === 1 && fields[0] === "") return { ok: false, error: `line ${line}: empty line before the end` };
    if (fields.length > columns.length) {
      return {
        ok: false,
        error: `line ${line}: ${fields.length} fields, but the header has ${columns.length} columns`,
      };
    }
    // No prototype: a column named "constructor" or "__proto__" is just a column.
    const row = Object.create(null) as Record<string, string>;
    // A shorter row (an older writer, a cut line) leaves its last columns empty,
    // which every reader of a counter already has to handle.
    columns.forEach((column, position) => (row[column] = fields[position] ?? ""));
    rows.push(row);
  }
  return { ok: true, columns, rows };
}

function formatField(value: string): string {
  if (/[\r\n]/.test(value)) throw new RangeError("HAProxy CSV fields cannot hold line breaks");
  return /[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The CSV HAProxy would write for these rows (header and every line with a
 * trailing comma): the inverse of parseHaproxyCsv, for tests and benchmarks.
 * A column missing from a row is written empty.
 */
export function formatHaproxyCsv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  for (const column of columns) {
    if (column === "" || /[",\r\n]/.test(column)) throw new RangeError(`Invalid column name "${column}"`);
  }
  const lines = [`# ${columns.join(",")},`];
  for (const row of rows) {
    // hasOwn: on a plain object, row["constructor"] would be Object's own.
    const fields = columns.map((column) => formatField(Object.hasOwn(row, column) ? (row[column] ?? "") : ""));
    lines.push(`${fields.join(",")},`);
  }
  return `${lines.join("\n")}\n`;
}
