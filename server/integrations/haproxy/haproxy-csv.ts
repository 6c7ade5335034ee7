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

export type HaproxyCsv = { ok: true; columns: string[]; rows: Record<string, string>[] } | { ok: false; error: string };

/** The columns every row must have to say what it is. */
const REQUIRED_COLUMNS = ["pxname", "svname"] as const;

type Fields = { ok: true; fields: string[] } | { ok: false; error: string };

/** One line's fields; quoted fields as HAProxy's csv_enc() writes them. */
function splitLine(line: string): Fields {
  // Nearly every line has no quote at all: the plain split is the fast path.
  if (!line.includes('"')) return { ok: true, fields: line.split(",") };
  const fields: string[] = [];
  let position = 0;
  for (;;) {
    if (line[position] === '"') {
      let value = "";
      let cursor = position + 1;
      for (;;) {
        const close = line.indexOf('"', cursor);
        if (close === -1) return { ok: false, error: `unterminated quoted field at character ${position + 1}` };
        value += line.slice(cursor, close);
        if (line[close + 1] === '"') {
          value += '"';
          cursor = close + 2;
          continue;
        }
        position = close + 1;
        break;
      }
      if (position < line.length && line[position] !== ",") {
        return { ok: false, error: `unexpected text after a quoted field at character ${position + 1}` };
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(",", position);
      const end = comma === -1 ? line.length : comma;
      // A quote inside an unquoted field is kept as text: HAProxy never
      // writes one, and rejecting it would gain nothing.
      fields.push(line.slice(position, end));
      position = end;
    }
    if (position >= line.length) return { ok: true, fields };
    position += 1; // past the comma; a comma at the very end gives a last empty field
    if (position === line.length) {
      fields.push("");
      return { ok: true, fields };
    }
  }
}

/** A line's fields without the empty one HAProxy's trailing comma would add. */
function fieldsOf(line: string): Fields {
  const split = splitLine(line);
  if (split.ok && split.fields[split.fields.length - 1] === "" && line.endsWith(",")) split.fields.pop();
  return split;
}

export function parseHaproxyCsv(text: string): HaproxyCsv {
  if (typeof text !== "string") return { ok: false, error: "not text" };
  // A proxy in front of the stats page may have rewritten line ends to CRLF.
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  // Blank lines at the end are fine (the socket ends with one); inside they are not.
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const headerLine = lines[0];
  if (headerLine === undefined) return { ok: false, error: 'empty answer (expected a header line starting with "# ")' };
  if (!headerLine.startsWith("# ")) {
    return {
      ok: false,
      error: `no header line: the first line must start with "# ", got ${JSON.stringify(headerLine.slice(0, 40))}`,
    };
  }

  const header = fieldsOf(headerLine.slice(2));
  if (!header.ok) return { ok: false, error: `header: ${header.error}` };
  const columns = header.fields;
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
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const lineNumber = index + 1;
    if (line === "") return { ok: false, error: `line ${lineNumber}: empty line before the end` };
    const split = fieldsOf(line);
    if (!split.ok) return { ok: false, error: `line ${lineNumber}: ${split.error}` };
    const { fields } = split;
    if (fields.length > columns.length) {
      return {
        ok: false,
        error: `line ${lineNumber}: ${fields.length} fields, but the header has ${columns.length} columns`,
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
