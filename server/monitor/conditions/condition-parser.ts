// Reads a condition's text into a Condition, once, at config load. A hand-written
// reader: no eval, no pattern built from the text. Whatever it is given, it answers
// with the condition or a message a person can act on; it never throws.
//
//   condition := left operator right
//   left      := subject | "len(" subject ")" | "has(" subject ")"
//   subject   := "[" NAME "]" ( "." key | "[" index "]" | "[" quoted "]" )*   (a path only after [BODY])
//   operator  := "==" | "!=" | "<=" | ">=" | "<" | ">"
//   right     := literal | "any(" literal ("," literal)* ")" | "pat(" glob ")"
//   literal   := number | duration | "true" | "false" | quoted | bare text
import {
  DURATION,
  formatLeft,
  NUMBER,
  OPERATORS,
  PLACEHOLDERS,
  durationMs,
  numberFrom,
  valueKind,
  type Condition,
  type Left,
  type Literal,
  type Operator,
  type PathStep,
  type Right,
  type Subject,
} from "./condition.ts";

export type ParsedCondition = { ok: true; condition: Condition } | { ok: false; error: string };

const MAX_LENGTH = 1_000;

/** Thrown inside the reader only; parseCondition turns it into { ok: false }. */
class ConditionSyntaxError extends Error {}

function problem(message: string): ConditionSyntaxError {
  return new ConditionSyntaxError(message);
}

export function parseCondition(text: string): ParsedCondition {
  // Config values arrive from YAML, where a stray number or list is easy to write.
  if (typeof text !== "string") return { ok: false, error: "a condition must be text" };
  if (text.length > MAX_LENGTH)
    return { ok: false, error: `a condition has at most 1,000 characters; this one has ${text.length}` };
  try {
    return { ok: true, condition: readCondition(new Cursor(text)) };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return { ok: false, error: error.message };
    // Anything else is a bug in this reader; the property tests exist to find one.
    throw error;
  }
}

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.pos] ?? "";
  }
  eat(token: string): boolean {
    if (!this.text.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }
  skipSpace(): void {
    while (/\s/.test(this.peek())) this.pos += 1;
  }
  rest(): string {
    return this.text.slice(this.pos);
  }
}

/** Quotes a piece of the input in a message, cut short so a message stays one line. */
function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

function readCondition(cursor: Cursor): Condition {
  cursor.skipSpace();
  if (cursor.peek() === "") throw problem("the condition is empty");
  const left = readLeft(cursor);
  cursor.skipSpace();
  const operator = readOperator(cursor, left);
  const right = readRight(cursor.rest(), operator);
  checkSides(left, operator, right);
  return { left, operator, right };
}

function readLeft(cursor: Cursor): Left {
  const call = /^([A-Za-z_]\w*)\s*\(/.exec(cursor.rest());
  if (call) {
    const fn = call[1];
    if (fn === "any" || fn === "pat") throw problem(`${fn}() only on the right of the operator`);
    if (fn !== "len" && fn !== "has") throw problem(`unknown function ${fn}()`);
    cursor.pos += call[0].length;
    cursor.skipSpace();
    if (cursor.peek() !== "[") throw problem(`${fn}() takes a placeholder such as [BODY].items`);
    const subject = readSubject(cursor);
    cursor.skipSpace();
    if (!cursor.eat(")")) throw problem(`expected ) to close ${fn}(`);
    if (fn === "has" && subject.placeholder !== "[BODY]") throw problem("has() takes [BODY] or a path into it");
    return { fn, subject };
  }
  if (cursor.peek() === "[") return { fn: "value", subject: readSubject(cursor) };
  throw problem("a condition starts with a placeholder such as [STATUS], or with len() or has()");
}

function readSubject(cursor: Cursor): Subject {
  const close = cursor.text.indexOf("]", cursor.pos);
  if (close < 0) throw problem(`${shown(cursor.rest())} is not a placeholder: "[" is not closed`);
  const name = cursor.text.slice(cursor.pos, close + 1);
  const placeholder = PLACEHOLDERS.find((known) => known === name.toUpperCase());
  if (!placeholder) throw problem(`unknown placeholder ${name.length > 40 ? shown(name) : name}`);
  cursor.pos = close + 1;
  const path: PathStep[] = [];
  while (cursor.peek() === "." || cursor.peek() === "[") {
    if (placeholder !== "[BODY]") throw problem(`only [BODY] takes a path, not ${placeholder}`);
    path.push(cursor.eat(".") ? readKey(cursor) : readBracket(cursor));
  }
  return { placeholder, path };
}

/** A key runs to the next character that ends a path or starts an operator. */
function readKey(cursor: Cursor): string {
  const start = cursor.pos;
  while (cursor.peek() !== "" && !/[\s.[\]()",=!<>]/.test(cursor.peek())) cursor.pos += 1;
  if (cursor.pos === start) throw problem(`expected a key after "." in ${shown(cursor.text.slice(0, start))}`);
  return cursor.text.slice(start, cursor.pos);
}

function readBracket(cursor: Cursor): PathStep {
  cursor.eat("[");
  let step: PathStep;
  const digits = /^\d+/.exec(cursor.rest());
  if (digits) {
    step = Number(digits[0]);
    if (!Number.isSafeInteger(step)) throw problem(`the index [${digits[0]}] is too large`);
    cursor.pos += digits[0].length;
  } else if (cursor.peek() === '"') {
    const quoted = readQuoted(cursor.text, cursor.pos);
    step = quoted.value;
    cursor.pos = quoted.end;
  } else {
    throw problem(
      `expected an index such as [0] or a quoted key such as ["a.b"] after [, found ${shown(cursor.rest())}`,
    );
  }
  if (!cursor.eat("]")) throw problem(`expected ] after ${shown(cursor.text.slice(0, cursor.pos))}`);
  return step;
}

/** A double-quoted string whose only escapes are \" and \\; `end` is just past the closing quote. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  let value = "";
  for (let at = start + 1; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') return { value, end: at + 1 };
    if (char === "\\") {
      const next = text[at + 1];
      if (next !== '"' && next !== "\\")
        throw problem(`unknown escape \\${next ?? ""} in a quoted string: only \\" and \\\\`);
      at += 1;
      value += next;
    } else {
      value += char;
    }
  }
  throw problem("a quoted string is not closed");
}

function readOperator(cursor: Cursor, left: Left): Operator {
  const operator = OPERATORS.find((candidate) => cursor.eat(candidate));
  if (operator) {
    const next = cursor.rest().trimStart()[0];
    // `[STATUS] === 200` or `[STATUS] < = 200`: a typo, not a value starting with "=".
    if (next === "=" || next === "<" || next === ">")
      throw problem(`unexpected "${next}" after ${operator}; quote the value if it is text`);
    return operator;
  }
  const found = cursor.rest();
  if (found === "") throw problem(`expected an operator after ${formatLeft(left)}`);
  if (found.startsWith("=")) throw problem(`expected an operator after ${formatLeft(left)}: compare with ==, not =`);
  throw problem(`expected an operator after ${formatLeft(left)}, found ${shown(found)}`);
}

function readRight(rest: string, operator: Operator): Right {
  const text = rest.trim();
  if (text === "") throw problem(`expected a value after ${operator}`);
  const call = /^(any|pat)\s*\(/.exec(text);
  if (!call) return readLiteral(text);
  if (!text.endsWith(")")) throw problem(`${call[1]}( must be closed by ) at the end of the condition`);
  const inside = text.slice(call[0].length, -1);
  if (call[1] === "pat") {
    if (inside === "") throw problem("pat() needs a pattern, such as pat(*UP*)");
    return { kind: "pattern", glob: inside };
  }
  return { kind: "any", options: readOptions(inside) };
}

/** The values of any(), split at commas outside quotes. */
function readOptions(inside: string): Literal[] {
  const options: Literal[] = [];
  let at = 0;
  for (;;) {
    while (/\s/.test(inside[at] ?? "")) at += 1;
    let end: number;
    if (inside[at] === '"') {
      const quoted = readQuoted(inside, at);
      end = quoted.end;
      while (/\s/.test(inside[end] ?? "")) end += 1;
      if (end < inside.length && inside[end] !== ",") throw problem("unexpected text after a closing quote in any()");
      options.push({ kind: "string", value: quoted.value });
    } else {
      end = inside.indexOf(",", at);
      if (end < 0) end = inside.length;
      const option = inside.slice(at, end).trim();
      if (option === "")
        throw problem(
          options.length === 0 && end === inside.length ? "any() needs at least one value" : "any() has an empty value",
        );
      options.push(readLiteral(option));
    }
    if (end >= inside.length) return options;
    at = end + 1;
  }
}

/** A value, from text already trimmed and not empty. */
function readLiteral(text: string): Literal {
  if (text.startsWith('"')) {
    const quoted = readQuoted(text, 0);
    if (quoted.end !== text.length) throw problem("unexpected text after the closing quote");
    return { kind: "string", value: quoted.value };
  }
  if (text === "true" || text === "false") return { kind: "boolean", value: text === "true" };
  if (NUMBER.test(text)) {
    const value = numberFrom(text);
    if (value === undefined) throw problem(`the number ${shown(text)} is out of range`);
    return { kind: "number", value };
  }
  if (DURATION.test(text)) {
    const ms = durationMs(text);
    if (Number.isNaN(ms)) throw problem(`the duration ${shown(text)} is finer than a millisecond or too long`);
    return { kind: "duration", ms };
  }
  return { kind: "string", value: readBare(text) };
}

/** Unquoted text, refused where a reader could take it for something else. */
function readBare(text: string): string {
  // No space before "(" here: "ok (v2)" is text to quote, not a call of ok().
  const call = /^([A-Za-z_]\w*)\(/.exec(text);
  if (call) {
    const fn = call[1];
    if (fn === "len" || fn === "has") throw problem(`${fn}() only on the left of the operator`);
    if (fn === "any" || fn === "pat") throw problem(`${fn}() cannot be used inside any()`);
    throw problem(`unknown function ${fn}()`);
  }
  if (text.startsWith("[")) {
    const placeholder = PLACEHOLDERS.some((known) => text.toUpperCase().startsWith(known));
    throw problem(
      placeholder
        ? "a placeholder only on the left of the operator"
        : `quote ${shown(text)}: unquoted text cannot start with [`,
    );
  }
  for (const operator of ["==", "!=", "<", ">"]) {
    if (text.includes(operator))
      throw problem(`ambiguous: ${shown(text)} holds a second operator ${operator}; quote it if it is text`);
  }
  for (const char of ['"', "(", ")"]) {
    if (text.includes(char)) throw problem(`quote ${shown(text)}: unquoted text cannot contain ${char}`);
  }
  return text;
}

/** Refuses comparisons that can never mean what they say, at load rather than on every check. */
function checkSides(left: Left, operator: Operator, right: Right): void {
  const equality = operator === "==" || operator === "!=";
  if (right.kind === "any" && !equality) throw problem("any() only with == or !=");
  if (right.kind === "pattern" && !equality) throw problem("pat() only with == or !=");
  const kind = valueKind(left);
  if (kind === "boolean" && !(equality && right.kind === "boolean")) {
    throw problem(`${formatLeft(left)} is true or false: compare it with == true or == false`);
  }
  const values = right.kind === "any" ? right.options : right.kind === "pattern" ? [] : [right];
  if (kind === "number" && values.some((value) => value.kind !== "number" && value.kind !== "duration")) {
    throw problem(`${formatLeft(left)} is a number: compare it with a number, or a duration such as 48h`);
  }
  if (!equality && right.kind === "boolean")
    throw problem(`${operator} compares numbers, durations or text, not true or false`);
}
