// Evaluates parsed conditions against what one check observed. Runs on every
// check, so it does no parsing of conditions and at most one JSON.parse of the body.
import {
  formatDuration,
  formatLeft,
  formatLiteral,
  formatRight,
  numberFrom,
  type Condition,
  type Left,
  type Literal,
  type Operator,
  type PathStep,
  type Right,
} from "./condition.ts";

/** What one run of a check saw; a field the check type does not measure stays undefined. */
export type Observation = {
  status?: number;
  responseTimeMs?: number;
  body?: string;
  certificateExpiresInMs?: number;
  dnsRcode?: string;
  connected?: boolean;
};

/** An observation with its body's JSON parsed on first use: one parse however many conditions read it. */
export type ConditionContext = Observation & { readonly bodyJson: () => unknown };

export type ConditionVerdict = { ok: true } | { ok: false; message: string };

const NOT_JSON = Symbol("not JSON");

export function createConditionContext(observation: Observation): ConditionContext {
  let parsed: unknown;
  let done = false;
  const bodyJson = () => {
    if (!done) {
      done = true;
      parsed = parseJson(observation.body ?? "");
    }
    return parsed;
  };
  return { ...observation, bodyJson };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return NOT_JSON;
  }
}

/** A resolved left side: its text (what text comparisons and patterns see) and, when known, its number. */
type Value = { text: string; number?: number; shown?: string };
type Seen = Value | "missing" | "not provided by this check";

export function evaluateCondition(condition: Condition, context: ConditionContext): ConditionVerdict {
  const seen = resolve(condition.left, context);
  if (typeof seen !== "string" && holds(seen, condition.operator, condition.right)) return { ok: true };
  return {
    ok: false,
    message:
      `${formatLeft(condition.left)} (${shownValue(seen)}) ${condition.operator} ` + `${formatRight(condition.right)}`,
  };
}

const SHOWN_MAX = 60;

/** The seen value as a message shows it: one line, never more than ~60 characters of a body. */
function shownValue(seen: Seen): string {
  if (typeof seen === "string") return seen;
  const text = seen.shown ?? seen.text;
  if (text === "") return '""';
  const line = text.slice(0, SHOWN_MAX * 2).replace(/\s+/g, " ");
  return line.length > SHOWN_MAX || text.length > SHOWN_MAX * 2 ? `${line.slice(0, SHOWN_MAX - 1)}…` : line;
}

function numeric(number: number | undefined): Value | "not provided by this check" {
  return number === undefined ? "not provided by this check" : { text: String(number), number };
}

function resolve({ fn, subject }: Left, context: ConditionContext): Seen {
  switch (subject.placeholder) {
    case "[STATUS]":
      return applyFn(fn, numeric(context.status));
    case "[RESPONSE_TIME]":
      return applyFn(fn, numeric(context.responseTimeMs));
    case "[CERTIFICATE_EXPIRATION]": {
      const ms = context.certificateExpiresInMs;
      if (ms === undefined) return "not provided by this check";
      // Shown to the second: "13d4h2m1s", not a millisecond count.
      return applyFn(fn, { text: String(ms), number: ms, shown: formatDuration(Math.trunc(ms / 1000) * 1000) });
    }
    case "[DNS_RCODE]":
      return applyFn(fn, context.dnsRcode === undefined ? "not provided by this check" : { text: context.dnsRcode });
    case "[CONNECTED]":
      return applyFn(
        fn,
        context.connected === undefined ? "not provided by this check" : { text: String(context.connected) },
      );
    case "[BODY]":
      return context.body === undefined
        ? "not provided by this check"
        : resolveBody(fn, subject.path, context.body, context);
  }
}

/** len() of a plain placeholder is the length of its text. */
function applyFn(fn: Left["fn"], value: Value | "not provided by this check"): Seen {
  if (fn !== "len" || typeof value === "string") return value;
  return { text: String(value.text.length), number: value.text.length };
}

function resolveBody(fn: Left["fn"], path: readonly PathStep[], body: string, context: ConditionContext): Seen {
  if (path.length === 0) {
    // Gatus compares the body without its surrounding whitespace, so "ok\n" == ok.
    const text = body.trim();
    if (fn === "has") return flag(text !== "");
    if (fn === "len") {
      const json = text.startsWith("[") ? context.bodyJson() : undefined;
      const length = Array.isArray(json) ? json.length : text.length;
      return { text: String(length), number: length };
    }
    return { text };
  }
  const found = walk(context.bodyJson(), path);
  if (fn === "has") return flag(found !== undefined);
  if (found === undefined) return "missing";
  if (fn === "len") {
    const length = Array.isArray(found)
      ? found.length
      : isObject(found)
        ? Object.keys(found).length
        : textOf(found).length;
    return { text: String(length), number: length };
  }
  return typeof found === "number" ? { text: String(found), number: found } : { text: textOf(found) };
}

function flag(value: boolean): Value {
  return { text: String(value) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a path, or undefined when any step is absent (a body that is not JSON has no paths). */
function walk(json: unknown, path: readonly PathStep[]): unknown {
  let value = json;
  for (const step of path) {
    if (typeof step === "number") {
      if (!Array.isArray(value) || step >= value.length) return undefined;
      value = value[step];
    } else {
      if (!isObject(value) || !Object.hasOwn(value, step)) return undefined;
      value = value[step];
    }
  }
  return value;
}

/** JSON text for objects and arrays; strings as they are, so `[BODY].status == UP` reads naturally. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function holds(seen: Value, operator: Operator, right: Right): boolean {
  switch (right.kind) {
    case "pattern":
      return matchesGlob(right.glob, seen.text) === (operator === "==");
    case "any":
      return right.options.some((option) => compare(seen, "==", option)) === (operator === "==");
    default:
      return compare(seen, operator, right);
  }
}

/** Numbers when both sides are numbers (durations count as milliseconds), text otherwise. */
function compare(seen: Value, operator: Operator, literal: Literal): boolean {
  const expected = literal.kind === "number" ? literal.value : literal.kind === "duration" ? literal.ms : undefined;
  if (expected !== undefined) {
    const actual = seen.number ?? numberFrom(seen.text);
    if (actual !== undefined) return order(actual, operator, expected);
  }
  return order(seen.text, operator, literal.kind === "string" ? literal.value : formatLiteral(literal));
}

function order<T extends number | string>(actual: T, operator: Operator, expected: T): boolean {
  switch (operator) {
    case "==":
      return actual === expected;
    case "!=":
      return actual !== expected;
    case "<":
      return actual < expected;
    case "<=":
      return actual <= expected;
    case ">":
      return actual > expected;
    case ">=":
      return actual >= expected;
  }
}

/**
 * `*` is any run of characters (slashes and line breaks included), `?` any one.
 * Each literal piece between stars is placed at its earliest fit, which is exact
 * for globs and linear in the text for star-only patterns: no backtracking blow-up.
 */
function matchesGlob(glob: string, text: string): boolean {
  const pieces = glob.split("*");
  const first = pieces[0] ?? "";
  if (pieces.length === 1) return text.length === first.length && fitsAt(first, text, 0);
  const last = pieces[pieces.length - 1] ?? "";
  const end = text.length - last.length;
  if (end < first.length || !fitsAt(first, text, 0) || !fitsAt(last, text, end)) return false;
  let from = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const at = find(piece, text, from, end);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

function fitsAt(piece: string, text: string, at: number): boolean {
  for (let index = 0; index < piece.length; index += 1) {
    if (piece[index] !== "?" && piece[index] !== text[at + index]) return false;
  }
  return true;
}

/** Earliest position at or after `from` where `piece` fits wholly before `end`, or -1. */
function find(piece: string, text: string, from: number, end: number): number {
  if (!piece.includes("?")) {
    const at = text.indexOf(piece, from);
    return at >= 0 && at + piece.length <= end ? at : -1;
  }
  for (let at = from; at + piece.length <= end; at += 1) if (fitsAt(piece, text, at)) return at;
  return -1;
}
