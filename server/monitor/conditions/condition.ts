// A health-check condition, Gatus style (`[STATUS] == 200`, `[BODY].status == UP`):
// the parsed form, its canonical text, and the literal grammar both the parser
// and the evaluator share. Parsing lives in condition-parser.ts, evaluation in
// condition-eval.ts.

/** What a check can observe. Which ones a check type provides is declared by that type. */
export const PLACEHOLDERS = [
  "[STATUS]",
  "[RESPONSE_TIME]",
  "[BODY]",
  "[CERTIFICATE_EXPIRATION]",
  "[DNS_RCODE]",
  "[CONNECTED]",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Longest first: the parser takes the first one the text starts with. */
export const OPERATORS = ["==", "!=", "<=", ">=", "<", ">"] as const;
export type Operator = (typeof OPERATORS)[number];

/** A step into the body's JSON: an object key or an array index. */
export type PathStep = string | number;

/** A placeholder, and for [BODY] an optional path into its JSON (empty for the others). */
export type Subject = { placeholder: Placeholder; path: readonly PathStep[] };

export type Left = { fn: "value" | "len" | "has"; subject: Subject };

/** Durations are kept in milliseconds, so `90m` and `1h30m` are the same condition. */
export type Literal =
  | { kind: "number"; value: number }
  | { kind: "duration"; ms: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "string"; value: string };

export type Right = Literal | { kind: "any"; options: readonly Literal[] } | { kind: "pattern"; glob: string };

export type Condition = { left: Left; operator: Operator; right: Right };

/** What a left side yields, which decides the right sides that make sense for it. */
export function valueKind(left: Left): "number" | "boolean" | "text" {
  if (left.fn === "len") return "number";
  if (left.fn === "has") return "boolean";
  switch (left.subject.placeholder) {
    case "[STATUS]":
    case "[RESPONSE_TIME]":
    case "[CERTIFICATE_EXPIRATION]":
      return "number";
    case "[CONNECTED]":
      return "boolean";
    default:
      return "text";
  }
}

/** The placeholder a condition reads, so the config loader can refuse one its check type does not provide. */
export function placeholderOf(condition: Condition): Placeholder {
  return condition.left.subject.placeholder;
}

// Fixed patterns over one literal, never built from input; neither can backtrack badly.
export const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
export const DURATION = /^-?(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 } as const;
type Unit = keyof typeof UNIT_MS;

/** The number a text spells in the condition grammar, or undefined; `-0` reads as 0 so it equals 0 everywhere. */
export function numberFrom(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value || 0 : undefined;
}

/** Milliseconds of a duration text (`48h`, `1h30m`, `1.5s`); NaN when it is not whole milliseconds or too long. */
export function durationMs(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(DURATION_PART)) total += Number(amount) * UNIT_MS[unit as Unit];
  const ms = Math.round(total);
  if (Math.abs(total - ms) > 1e-6 || !Number.isSafeInteger(ms)) return Number.NaN;
  // 0 - ms rather than -ms: "-0s" must be the same duration as "0s".
  return text.startsWith("-") ? 0 - ms : ms;
}

export function formatDuration(ms: number): string {
  if (ms === 0) return "0s";
  let rest = Math.abs(ms);
  let text = ms < 0 ? "-" : "";
  for (const [unit, size] of Object.entries(UNIT_MS)) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      text += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return text;
}

// Written bare only when it reads back as the same string; anything else is quoted.
const BARE_TEXT = /^[\p{L}\p{N}_.:/@+-]+$/u;
const BARE_KEY = /^[\p{L}\p{N}_$-]+$/u;

function quote(text: string): string {
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function formatString(value: string): string {
  const bare =
    BARE_TEXT.test(value) && !NUMBER.test(value) && !DURATION.test(value) && value !== "true" && value !== "false";
  return bare ? value : quote(value);
}

export function formatLiteral(literal: Literal): string {
  switch (literal.kind) {
    case "number":
      return String(literal.value);
    case "duration":
      return formatDuration(literal.ms);
    case "boolean":
      return String(literal.value);
    case "string":
      return formatString(literal.value);
  }
}

export function formatLeft({ fn, subject }: Left): string {
  let text = subject.placeholder;
  for (const step of subject.path) {
    if (typeof step === "number") text += `[${step}]`;
    else text += BARE_KEY.test(step) ? `.${step}` : `[${quote(step)}]`;
  }
  return fn === "value" ? text : `${fn}(${text})`;
}

export function formatRight(right: Right): string {
  switch (right.kind) {
    case "any":
      return `any(${right.options.map(formatLiteral).join(", ")})`;
    case "pattern":
      return `pat(${right.glob})`;
    default:
      return formatLiteral(right);
  }
}

/** The canonical text: parseCondition(formatCondition(c)) gives back c. */
export function formatCondition(condition: Condition): string {
  return `${formatLeft(condition.left)} ${condition.operator} ${formatRight(condition.right)}`;
}
