// Properties of the condition language over generated input: the parser never
// throws, every condition it can hold survives formatting and parsing back, and
// evaluation never throws and keeps its message short.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConditionContext, evaluateCondition } from "./condition-eval.ts";
import { parseCondition } from "./condition-parser.ts";
import {
  formatCondition,
  formatLeft,
  formatRight,
  PLACEHOLDERS,
  valueKind,
  type Condition,
  type Left,
  type Literal,
  type Operator,
  type Right,
} from "./condition.ts";

/**
 * Pieces of the grammar, so generated text often gets deep into the parser instead of failing at the first character.
 */
const TOKENS = [
  "[STATUS]",
  "[BODY]",
  "[body]",
  "[RESPONSE_TIME]",
  "[CERTIFICATE_EXPIRATION]",
  "[DNS_RCODE]",
  "[CONNECTED]",
  "[STATU]",
  "[",
  "]",
  ".",
  "a",
  "0",
  "[0]",
  '["k"]',
  "len(",
  "has(",
  "any(",
  "pat(",
  "(",
  ")",
  ",",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "=",
  "!",
  " ",
  "  ",
  "\t",
  '"',
  "\\",
  "true",
  "false",
  "200",
  "-1.5e3",
  "1e999",
  "48h",
  "1h30m",
  "500ms",
  "0.0001s",
  "UP",
  "*",
  "?",
  "x y",
];
const tokenSoup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((tokens) => tokens.join(""));

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: "binary" }),
  fc.constantFrom(
    "UP",
    "200",
    "1h",
    "true",
    "any(1)",
    "pat(*)",
    "[BODY]",
    " x ",
    "",
    "a, b",
    'say "hi"',
    "back\\slash",
  ),
);
const pathStep = fc.oneof(text, fc.nat({ max: 10_000 }));
const path = fc.array(pathStep, { maxLength: 4 });
const nonBody = fc.constantFrom(...PLACEHOLDERS.filter((placeholder) => placeholder !== "[BODY]"));
const subject = fc.oneof(
  nonBody.map((placeholder) => ({ placeholder, path: [] })),
  path.map((steps) => ({ placeholder: "[BODY]" as const, path: steps })),
);
const left: fc.Arbitrary<Left> = fc.oneof(
  subject.map((s) => ({ fn: "value" as const, subject: s })),
  subject.map((s) => ({ fn: "len" as const, subject: s })),
  path.map((steps) => ({ fn: "has" as const, subject: { placeholder: "[BODY]" as const, path: steps } })),
);

// -0 is normalised by the parser, so a generated one would not come back as itself.
const number = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .map((value): Literal => ({ kind: "number", value: value || 0 }));
const duration = fc.maxSafeInteger().map((ms): Literal => ({ kind: "duration", ms }));
const boolean = fc.boolean().map((value): Literal => ({ kind: "boolean", value }));
const string = text.map((value): Literal => ({ kind: "string", value }));
const anyOf = (literal: fc.Arbitrary<Literal>) =>
  fc.array(literal, { minLength: 1, maxLength: 4 }).map((options): Right => ({ kind: "any", options }));
const pattern = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom("*", "?", "a", ")", "(", " ", '"') }),
  )
  .map((glob): Right => ({ kind: "pattern", glob }));

const equality = fc.constantFrom<Operator>("==", "!=");
const anyOperator = fc.constantFrom<Operator>("==", "!=", "<", "<=", ">", ">=");

/** Only the pairings the parser accepts for what the left side yields. */
function rightFor(left: Left): fc.Arbitrary<[Operator, Right]> {
  switch (valueKind(left)) {
    case "boolean":
      return fc.tuple(equality, boolean);
    case "number":
      return fc.oneof(
        fc.tuple(anyOperator, fc.oneof(number, duration)),
        fc.tuple(equality, fc.oneof(anyOf(fc.oneof(number, duration)), pattern)),
      );
    case "text":
      return fc.oneof(
        fc.tuple(anyOperator, fc.oneof(number, duration, string)),
        fc.tuple(equality, fc.oneof(boolean, anyOf(fc.oneof(number, duration, boolean, string)), pattern)),
      );
  }
}

const condition: fc.Arbitrary<Condition> = left.chain((l) =>
  rightFor(l).map(([operator, right]) => ({ left: l, operator, right })),
);

describe("parseCondition properties", () => {
  it("never throws, on any string or on strings made of the grammar's pieces", () => {
    for (const input of [fc.string({ maxLength: 1_100 }), fc.string({ unit: "binary" }), tokenSoup]) {
      fc.assert(
        fc.property(input, (candidate) => {
          const result = parseCondition(candidate);
          expect(result.ok || result.error.length > 0).toBe(true);
        }),
        { numRuns: 3_000 },
      );
    }
  });

  it("reads back every condition from its canonical text", () => {
    fc.assert(
      fc.property(condition, (c) => {
        const written = formatCondition(c);
        fc.pre(written.length <= 1_000);
        expect(parseCondition(written)).toEqual({ ok: true, condition: c });
      }),
      { numRuns: 5_000 },
    );
  });

  it("writes whatever it accepted in a canonical text that means the same condition", () => {
    fc.assert(
      fc.property(tokenSoup, (candidate) => {
        const result = parseCondition(candidate);
        if (!result.ok) return;
        const written = formatCondition(result.condition);
        expect(parseCondition(written)).toEqual(result);
        expect(formatCondition(parsedOrThrow(written))).toBe(written);
      }),
      { numRuns: 5_000 },
    );
  });
});

function parsedOrThrow(candidate: string): Condition {
  const result = parseCondition(candidate);
  if (!result.ok) throw new Error(result.error);
  return result.condition;
}

const observation = fc.record(
  {
    status: fc.integer({ min: 100, max: 599 }),
    responseTimeMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
    body: fc.oneof(fc.json(), fc.string(), fc.string({ unit: "binary", maxLength: 300 })),
    certificateExpiresInMs: fc.integer({ min: -1e11, max: 1e11 }),
    dnsRcode: fc.constantFrom("NOERROR", "NXDOMAIN", "SERVFAIL"),
    connected: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe("evaluateCondition properties", () => {
  it("never throws, and a failure names the condition with at most ~60 characters of what it saw", () => {
    fc.assert(
      fc.property(condition, observation, (c, seen) => {
        const verdict = evaluateCondition(c, createConditionContext(seen));
        if (verdict.ok) return;
        const [head, tail] = [`${formatLeft(c.left)} (`, `) ${c.operator} ${formatRight(c.right)}`];
        expect(verdict.message.startsWith(head) && verdict.message.endsWith(tail)).toBe(true);
        expect(verdict.message.length - head.length - tail.length).toBeLessThanOrEqual(60);
      }),
      { numRuns: 3_000 },
    );
  });

  it("matches pat() as a glob: * any run of characters (line breaks too), ? any one", () => {
    const glob = fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom("a", "b", "/", "*", "?") });
    const body = fc.string({ maxLength: 12, unit: fc.constantFrom("a", "b", "/", "\n") });
    fc.assert(
      fc.property(glob, body, (g, b) => {
        const c: Condition = {
          left: { fn: "value", subject: { placeholder: "[BODY]", path: [] } },
          operator: "==",
          right: { kind: "pattern", glob: g },
        };
        expect(evaluateCondition(c, createConditionContext({ body: b })).ok).toBe(globReference(g).test(b.trim()));
      }),
      { numRuns: 5_000 },
    );
  });
});

/** The obvious, slower matcher: every character escaped, * and ? turned into their regular-expression meaning. */
function globReference(glob: string): RegExp {
  const source = [...glob]
    .map((char) =>
      char === "*" ? "[\\s\\S]*" : char === "?" ? "[\\s\\S]" : char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`);
}
