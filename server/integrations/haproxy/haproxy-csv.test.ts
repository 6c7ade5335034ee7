// The CSV reader: properties over arbitrary input (it never throws, and it
// reads back exactly what the writer wrote), each strict error, and a sample
// written by a real HAProxy 2.6.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHaproxyCsv, parseHaproxyCsv } from "./haproxy-csv.ts";

// `curl 'http://.../stats;csv'` against HAProxy 2.6.12 (Debian 12): a stats
// listener, a frontend, a backend with a checked live server, a refused one,
// an unchecked one and one in maintenance, and a backend whose only server
// answers its HTTP check with `503 Bad, "really" bad`.
const HAPROXY_26_SAMPLE = readFileSync(new URL("./haproxy-2.6-sample.csv", import.meta.url), "utf8");

/** Column names HAProxy writes; pxname, svname and status are always there. */
const KNOWN_COLUMNS = [
  "qcur",
  "scur",
  "stot",
  "bin",
  "bout",
  "weight",
  "act",
  "bck",
  "lastchg",
  "type",
  "check_status",
  "req_tot",
  "last_chk",
  "-",
];

const REQUIRED_COLUMNS = ["pxname", "svname", "status"];
const extraColumn = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);

/** A header: the required columns, some known ones and some random ones, in any order. */
const columnsArbitrary = fc
  .tuple(fc.subarray(KNOWN_COLUMNS), fc.uniqueArray(extraColumn, { maxLength: 6 }))
  .map(([known, extra]) => [...new Set([...REQUIRED_COLUMNS, ...known, ...extra])])
  .chain((columns) => fc.shuffledSubarray(columns, { minLength: columns.length }));

/** Field text as HAProxy could write it: anything but a line break. */
const fieldArbitrary = (alphabet: "plain" | "quoting") =>
  alphabet === "plain"
    ? fc.string({ maxLength: 12 }).filter((value) => !/[,\r\n]/.test(value))
    : fc.string({ maxLength: 12, unit: fc.constantFrom("a", "Z", "0", " ", ",", '"', "*", "/", "é") });

function tableArbitrary(alphabet: "plain" | "quoting") {
  return columnsArbitrary.chain((columns) =>
    fc
      .array(
        fc
          .tuple(...columns.map(() => fieldArbitrary(alphabet)))
          .map((values) => Object.fromEntries(columns.map((column, index) => [column, values[index] ?? ""]))),
        { maxLength: 8 },
      )
      .map((rows) => ({ columns, rows })),
  );
}

function plain(rows: Record<string, string>[]): Record<string, string>[] {
  return rows.map((row) => ({ ...row }));
}

describe("parseHaproxyCsv properties", () => {
  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const result = parseHaproxyCsv(text);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.error).not.toBe("");
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on arbitrary lines of commas, quotes and names", () => {
    const unit = fc.constantFrom(",", ",", '"', "pxname", "svname", "# ", "\n", "\r\n", "x", "");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), fc.boolean(), (units, withHeader) => {
        const text = `${withHeader ? "# pxname,svname,status,\n" : ""}${units.join("")}`;
        const result = parseHaproxyCsv(text);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("reads back exactly what formatHaproxyCsv wrote (values without commas or line breaks)", () => {
    fc.assert(
      fc.property(tableArbitrary("plain"), ({ columns, rows }) => {
        expect(parseHaproxyCsv(formatHaproxyCsv(columns, rows))).toEqual({ ok: true, columns, rows });
      }),
      { numRuns: 500 },
    );
  });

  it("reads back values with commas and quotes, which HAProxy quotes", () => {
    fc.assert(
      fc.property(tableArbitrary("quoting"), ({ columns, rows }) => {
        const parsed = parseHaproxyCsv(formatHaproxyCsv(columns, rows));
        expect(parsed.ok && plain(parsed.rows)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it("reads CRLF line ends and a missing trailing comma the same", () => {
    fc.assert(
      fc.property(tableArbitrary("plain"), ({ columns, rows }) => {
        const text = formatHaproxyCsv(columns, rows);
        const variant = text.replace(/,\n/g, "\r\n");
        expect(parseHaproxyCsv(variant)).toEqual(parseHaproxyCsv(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseHaproxyCsv examples", () => {
  it("reads a real HAProxy 2.6 answer by column name", () => {
    const result = parseHaproxyCsv(HAPROXY_26_SAMPLE);
    if (!result.ok) throw new Error(result.error);
    expect(result.columns).toHaveLength(128);
    expect(result.columns.slice(0, 2)).toEqual(["pxname", "svname"]);
    expect(result.columns[result.columns.length - 1]).toBe("h1_spliced_bytes_out");
    expect(result.rows.map((row) => `${row.pxname}/${row.svname}=${row.status}`)).toEqual([
      "stats/FRONTEND=OPEN",
      "stats/BACKEND=UP",
      "fe/FRONTEND=OPEN",
      "be/live=UP",
      "be/dead=DOWN",
      "be/nc=no check",
      "be/mt=MAINT",
      "be/BACKEND=UP",
      "b7/s7=DOWN",
      "b7/BACKEND=DOWN",
    ]);
    const dead = result.rows[4];
    expect(dead).toMatchObject({
      check_status: "L4CON",
      last_chk: "Connection refused",
      type: "2",
      act: "1",
      "-": "-",
    });
    expect(result.rows[8]).toMatchObject({
      check_status: "L7STS",
      check_code: "503",
      last_chk: 'Bad, "really" bad',
      check_desc: "Layer7 wrong status",
    });
    expect(result.rows[2]).toMatchObject({ req_tot: "0", type: "0", mode: "http" });
  });

  it("reads the socket's answer, which ends with a blank line", () => {
    const result = parseHaproxyCsv("# pxname,svname,status,\nfe,FRONTEND,OPEN,\n\n");
    expect(result).toEqual({
      ok: true,
      columns: ["pxname", "svname", "status"],
      rows: [{ pxname: "fe", svname: "FRONTEND", status: "OPEN" }],
    });
  });

  it("fills the last columns of a shorter row with empty text", () => {
    const result = parseHaproxyCsv("# pxname,svname,status,scur\nfe,FRONTEND");
    expect(result.ok && plain(result.rows)).toEqual([{ pxname: "fe", svname: "FRONTEND", status: "", scur: "" }]);
  });

  it("keeps a column named like an Object property as a plain column", () => {
    const result = parseHaproxyCsv("# pxname,svname,__proto__,constructor\na,b,c,d\n");
    expect(result.ok && result.rows[0]?.["__proto__"]).toBe("c");
    expect(result.ok && result.rows[0]?.["constructor"]).toBe("d");
    expect(result.ok && result.rows[0]?.["toString"]).toBeUndefined();
  });

  const errors: [string, string, RegExp][] = [
    ["empty text", "", /^empty answer/],
    ["only blank lines", "\n\n", /^empty answer/],
    [
      "no header line",
      "fe,FRONTEND,OPEN,\n",
      /^no header line: the first line must start with "# ", got "fe,FRONTEND,OPEN,"/,
    ],
    ["an HTML page", "<html><body>Statistics Report</body></html>", /^no header line/],
    ["a header without the space", "#pxname,svname\n", /^no header line/],
    ["no pxname column", "# svname,status,\nFRONTEND,OPEN,\n", /^header: no "pxname" column$/],
    ["no svname column", "# pxname,status,\nfe,OPEN,\n", /^header: no "svname" column$/],
    ["neither", "# status\nOPEN\n", /^header: no "pxname" or "svname" column$/],
    ["an empty column name", "# pxname,,svname\n", /^header: empty column name at position 2$/],
    ["a duplicate column", "# pxname,svname,pxname\n", /^header: duplicate column "pxname"$/],
    [
      "a row with more fields than the header",
      "# pxname,svname,status,\nfe,FRONTEND,OPEN,extra,\n",
      /^line 2: 4 fields, but the header has 3 columns$/,
    ],
    [
      "two trailing commas",
      "# pxname,svname,status,\nfe,FRONTEND,OPEN,,\n",
      /^line 2: 4 fields, but the header has 3 columns$/,
    ],
    ["a blank line inside", "# pxname,svname\nfe,FRONTEND\n\nbe,BACKEND\n", /^line 3: empty line before the end$/],
    ["an unterminated quote", '# pxname,svname,last_chk\nbe,s1,"Bad, bad\n', /^line 2: unterminated quoted field$/],
    [
      "text after a closing quote",
      '# pxname,svname,last_chk\nbe,s1,"Bad"x\n',
      /^line 2: unexpected text after a quoted field/,
    ],
    [
      "a quote inside an unquoted field",
      '# pxname,svname\nbe,s"1\n',
      /^line 2: a double quote inside an unquoted field/,
    ],
    ["a quoted line break", '# pxname,svname\nbe,"s\n1"\nbe,s2\n', /^line 2: a line break inside a quoted field$/],
    ["a header of no columns", "# \n", /^header: no "pxname" or "svname" column$/],
  ];
  it.each(errors)("rejects %s", (_, text, message) => {
    const result = parseHaproxyCsv(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(message);
  });

  it("rejects what is not text at all, without throwing", () => {
    expect(parseHaproxyCsv(undefined as unknown as string)).toEqual({ ok: false, error: "not text" });
  });
});

describe("formatHaproxyCsv", () => {
  it("writes HAProxy's shape: a header with a trailing comma, quoted fields where needed", () => {
    expect(
      formatHaproxyCsv(
        ["pxname", "svname", "last_chk"],
        [{ pxname: "be", svname: "s1", last_chk: 'Bad, "really" bad' }],
      ),
    ).toBe('# pxname,svname,last_chk,\nbe,s1,"Bad, ""really"" bad",\n');
  });

  it("refuses what HAProxy could not write", () => {
    expect(() => formatHaproxyCsv(["pxname", "svname"], [{ pxname: "a\nb", svname: "x" }])).toThrow(RangeError);
    expect(() => formatHaproxyCsv(["pxname", "a,b"], [])).toThrow(RangeError);
  });
});
