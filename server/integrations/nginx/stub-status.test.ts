import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatStubStatus, parseStubStatus, type StubStatus } from "./stub-status.ts";

// The example from nginx's documentation, byte for byte as nginx writes it.
const EXAMPLE =
  "Active connections: 291 \nserver accepts handled requests\n 16630948 " +
  "16630948 31070465 \nReading: 6 Writing: 179 Waiting: 106 \n";
const EXAMPLE_VALUE: StubStatus = {
  active: 291,
  accepts: 16630948,
  handled: 16630948,
  requests: 31070465,
  reading: 6,
  writing: 179,
  waiting: 106,
};

const counter = fc.maxSafeNat();
const stubStatus: fc.Arbitrary<StubStatus> = fc.record({
  active: counter,
  accepts: counter,
  handled: counter,
  requests: counter,
  reading: counter,
  writing: counter,
  waiting: counter,
});

/** Whatever the input, the answer is a well-formed result: a reason, or counters that read back. */
function expectWellFormed(text: string): void {
  const result = parseStubStatus(text);
  if (result.ok) {
    for (const number of Object.values(result.value)) expect(Number.isSafeInteger(number) && number >= 0).toBe(true);
    expect(parseStubStatus(formatStubStatus(result.value))).toEqual(result);
  } else {
    expect(result.error).toMatch(/\S/);
  }
}

type Edit = { at: number; remove: number; insert: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 8 }),
  // Characters that matter to this format, plus anything at all.
  insert: fc.oneof(
    fc.constantFrom("", " ", "\n", "\r\n", "\t", "0", "9", "-", ".", "<", ":", "\u0661", "99999999999999999999"),
    fc.string({ unit: "binary", maxLength: 6 }),
  ),
});
function applyEdits(text: string, edits: Edit[]): string {
  return edits.reduce((body, { at, remove, insert }) => {
    const position = at % (body.length + 1);
    return body.slice(0, position) + insert + body.slice(position + remove);
  }, text);
}

describe("parseStubStatus", () => {
  it("reads nginx's own example", () => {
    expect(parseStubStatus(EXAMPLE)).toEqual({ ok: true, value: EXAMPLE_VALUE });
  });

  it("reads back every valid value formatted as nginx writes it", () => {
    fc.assert(
      fc.property(stubStatus, (value) => {
        expect(parseStubStatus(formatStubStatus(value))).toEqual({ ok: true, value });
      }),
    );
  });

  it("tolerates CRLF, missing or extra trailing spaces, no final newline and a dropped leading space", () => {
    const variants = (text: string) => [
      text.replaceAll("\n", "\r\n"),
      text.replaceAll(" \n", "\n"),
      text.replaceAll(" \n", "   \n"),
      text.replace(/\n$/, ""),
      text.replace(/\n$/, "").replaceAll("\n", "\r\n"),
      text.replace("\n ", "\n"),
    ];
    fc.assert(
      fc.property(stubStatus, (value) => {
        for (const text of variants(formatStubStatus(value)))
          expect(parseStubStatus(text)).toEqual({ ok: true, value });
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => expectWellFormed(text)));
    fc.assert(fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 400 }), (text) => expectWellFormed(text)));
  });

  it("never throws on mutations of a valid body, and any body it accepts reads back the same", () => {
    fc.assert(
      fc.property(stubStatus, fc.array(edit, { minLength: 1, maxLength: 4 }), (value, edits) => {
        expectWellFormed(applyEdits(formatStubStatus(value), edits));
      }),
      { numRuns: 2000 },
    );
  });

  it("never reads a changed digit as a number it was not", () => {
    // Replacing one digit of a counter by a non-digit must fail, not read a shorter number or zero.
    fc.assert(
      fc.property(
        stubStatus,
        fc.nat(),
        fc.constantFrom("x", "-", ".", "\u0661", ",", "+"),
        (value, index, replacement) => {
          const body = formatStubStatus(value);
          const digits = [...body.matchAll(/\d/g)].map((match) => match.index);
          const position = digits[index % digits.length] ?? 0;
          const result = parseStubStatus(body.slice(0, position) + replacement + body.slice(position + 1));
          expect(result.ok).toBe(false);
        },
      ),
    );
  });

  const lines = EXAMPLE.split("\n");
  const malformed: [string, unknown, RegExp][] = [
    ["an empty body", "", /empty body/],
    ["only whitespace", " \r\n\n", /empty body/],
    ["a missing last line", lines.slice(0, 3).join("\n"), /expected 4 lines, got 3/],
    ["a missing header line", [lines[0], lines[2], lines[3]].join("\n"), /expected 4 lines, got 3/],
    ["an extra line", `${EXAMPLE}Uptime: 12\n`, /expected 4 lines, got 5/],
    ["an extra blank line", `${EXAMPLE}\n`, /expected 4 lines, got 5/],
    [
      "extra text after a number",
      EXAMPLE.replace("291 ", "291 connections"),
      /line 1: expected "Active connections: <n>"/,
    ],
    ["a changed label", EXAMPLE.replace("Active connections", "Active Connections"), /line 1/],
    [
      "a changed header",
      EXAMPLE.replace("handled requests", "handled"),
      /line 2: expected "server accepts handled requests"/,
    ],
    ["two counters instead of three", EXAMPLE.replace(" 16630948 16630948", " 16630948"), /line 3/],
    ["a negative number", EXAMPLE.replace("291", "-291"), /line 1/],
    ["a decimal number", EXAMPLE.replace("Reading: 6", "Reading: 6.5"), /line 4/],
    ["an exponent", EXAMPLE.replace("31070465", "3e7"), /line 3/],
    ["a word for a number", EXAMPLE.replace("Waiting: 106", "Waiting: many"), /line 4/],
    ["non-ASCII digits", EXAMPLE.replace("291", "\u0662\u0669\u0661"), /line 1/],
    ["swapped fields", EXAMPLE.replace("Reading: 6 Writing: 179", "Writing: 179 Reading: 6"), /line 4/],
    ["a tab for a space", EXAMPLE.replace("Reading: 6 ", "Reading: 6\t"), /line 4/],
    [
      "2^53, just beyond safe integers",
      EXAMPLE.replace("31070465", "9007199254740992"),
      /line 3: requests 9007199254740992 is beyond the safe integer range/,
    ],
    [
      "a 30-digit counter",
      EXAMPLE.replace("16630948 31070465", `16630948 ${"9".repeat(30)}`),
      /requests 9{20}… is beyond the safe integer range/,
    ],
    ["a leading zero", EXAMPLE.replace("Writing: 179", "Writing: 0179"), /line 4: writing 0179 has a leading zero/],
    [
      "nginx's own 502 page",
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad " +
        "Gateway</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n",
      /HTML/,
    ],
    ["an HTML page after blank lines", "\n\n  <!DOCTYPE html><html><body>Active connections: 1</body></html>", /HTML/],
    ["a JSON body", '{"active":291,"accepts":16630948}', /expected 4 lines, got 1/],
    ["old Mac line ends", EXAMPLE.replaceAll("\n", "\r"), /expected 4 lines, got 1/],
    ["a body far too long", EXAMPLE.replace("291 ", `291${" ".repeat(2000)}`), /too long/],
    ["something that is not text", undefined, /not text/],
  ];
  it.each(malformed)("rejects %s with a reason", (_, body, reason) => {
    const result = parseStubStatus(body as string);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(reason) });
  });
});

describe("formatStubStatus", () => {
  it("writes exactly what nginx writes", () => {
    expect(formatStubStatus(EXAMPLE_VALUE)).toBe(EXAMPLE);
  });
});
