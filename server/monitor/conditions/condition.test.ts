// The condition language by example: what it accepts (and how it writes it back),
// what it refuses (and what it says), and what each placeholder and operator
// decides for an observation, with the message a failing condition shows.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createConditionContext, evaluateCondition, type Observation } from "./condition-eval.ts";
import { parseCondition } from "./condition-parser.ts";
import { formatCondition, placeholderOf } from "./condition.ts";

function parsed(text: string) {
  const result = parseCondition(text);
  if (!result.ok) throw new Error(`${text}: ${result.error}`);
  return result.condition;
}

function evaluate(text: string, observation: Observation) {
  const verdict = evaluateCondition(parsed(text), createConditionContext(observation));
  return verdict.ok ? "ok" : verdict.message;
}

describe("parseCondition accepts", () => {
  it.each([
    ["[STATUS] == 200", "[STATUS] == 200"],
    ["[STATUS]==200", "[STATUS] == 200"],
    ["  [status]  !=  404  ", "[STATUS] != 404"],
    ["[RESPONSE_TIME]<500", "[RESPONSE_TIME] < 500"],
    ["[RESPONSE_TIME] <= 1.50", "[RESPONSE_TIME] <= 1.5"],
    ["[RESPONSE_TIME] < 1s", "[RESPONSE_TIME] < 1s"],
    ["[CERTIFICATE_EXPIRATION] > 48h", "[CERTIFICATE_EXPIRATION] > 2d"],
    ["[CERTIFICATE_EXPIRATION] > 90m", "[CERTIFICATE_EXPIRATION] > 1h30m"],
    ["[CERTIFICATE_EXPIRATION] >= 1.5s", "[CERTIFICATE_EXPIRATION] >= 1s500ms"],
    ["[CERTIFICATE_EXPIRATION] > 500ms", "[CERTIFICATE_EXPIRATION] > 500ms"],
    ["[CERTIFICATE_EXPIRATION] > -0s", "[CERTIFICATE_EXPIRATION] > 0s"],
    ["[BODY].status == UP", "[BODY].status == UP"],
    ["[BODY].data[0].id==1e3", "[BODY].data[0].id == 1000"],
    ["[BODY][0].x != -0", "[BODY][0].x != 0"],
    ['[BODY]["a.b"]["c d"] == x', '[BODY]["a.b"]["c d"] == x'],
    ['[BODY]["plain"] == x', "[BODY].plain == x"],
    ["[BODY].a-b.größe == 1.2.3", "[BODY].a-b.größe == 1.2.3"],
    ["[BODY].message == hello world", '[BODY].message == "hello world"'],
    ['[BODY].version == "200"', '[BODY].version == "200"'],
    ['[BODY].quote == "say \\"hi\\" \\\\ bye"', '[BODY].quote == "say \\"hi\\" \\\\ bye"'],
    ["[BODY].path == /api/v1", "[BODY].path == /api/v1"],
    ["[BODY].flag == true", "[BODY].flag == true"],
    ["[BODY].name == True", "[BODY].name == True"],
    ["[BODY].word == O'Brien!", `[BODY].word == "O'Brien!"`],
    ["[BODY] == pat(*<h1>Example Domain</h1>*)", "[BODY] == pat(*<h1>Example Domain</h1>*)"],
    ["[BODY] != pat( spaced )", "[BODY] != pat( spaced )"],
    ["[BODY] == pat(*(ok)*)", "[BODY] == pat(*(ok)*)"],
    ["[STATUS] == any(200, 429)", "[STATUS] == any(200, 429)"],
    ["[STATUS] == any (200,201)", "[STATUS] == any(200, 201)"],
    ['[BODY].state == any( UP , "up, really", warn)', '[BODY].state == any(UP, "up, really", warn)'],
    ["len([BODY].items) >= 3", "len([BODY].items) >= 3"],
    ["len ( [body].items ) > 0", "len([BODY].items) > 0"],
    ["len([BODY])==0", "len([BODY]) == 0"],
    ["len([DNS_RCODE]) > 0", "len([DNS_RCODE]) > 0"],
    ["has([BODY].errors) == false", "has([BODY].errors) == false"],
    ["has([BODY]) != false", "has([BODY]) != false"],
    ["[DNS_RCODE] == NXDOMAIN", "[DNS_RCODE] == NXDOMAIN"],
    ["[CONNECTED] == true", "[CONNECTED] == true"],
  ])("%s, written back as %s", (text, canonical) => {
    const condition = parsed(text);
    expect(formatCondition(condition)).toBe(canonical);
    expect(parsed(canonical)).toEqual(condition);
  });
});

describe("parseCondition refuses", () => {
  it.each([
    ["", "the condition is empty"],
    ["   ", "the condition is empty"],
    [`[BODY] == ${"x".repeat(991)}`, "a condition has at most 1,000 characters; this one has 1001"],
    ["[STATU] == 200", "unknown placeholder [STATU]"],
    ["[STATUS == 200", '"[STATUS == 200" is not a placeholder: "[" is not closed'],
    ["[STATUS]", "expected an operator after [STATUS]"],
    ["[STATUS] 200", 'expected an operator after [STATUS], found "200"'],
    ["[STATUS] = 200", "expected an operator after [STATUS]: compare with ==, not ="],
    ["[STATUS] ==", "expected a value after =="],
    ["[STATUS] === 200", 'unexpected "=" after ==; quote the value if it is text'],
    ["[STATUS] < = 200", 'unexpected "=" after <; quote the value if it is text'],
    ["[BODY] == <html>", 'unexpected "<" after ==; quote the value if it is text'],
    ["[STATUS] == 200 == 300", 'ambiguous: "200 == 300" holds a second operator ==; quote it if it is text'],
    ["[BODY] == a < b", 'ambiguous: "a < b" holds a second operator <; quote it if it is text'],
    ["[STATUS] < pat(2*)", "pat() only with == or !="],
    ["[STATUS] >= any(200, 300)", "any() only with == or !="],
    ["[STATUS] == any()", "any() needs at least one value"],
    ["[STATUS] == any(200,)", "any() has an empty value"],
    ["[STATUS] == any(200", "any( must be closed by ) at the end of the condition"],
    ["[BODY] == pat()", "pat() needs a pattern, such as pat(*UP*)"],
    ['[BODY] == any("a" b)', "unexpected text after a closing quote in any()"],
    ["[BODY] == any(pat(x))", "pat() cannot be used inside any()"],
    ['[BODY] == "open', "a quoted string is not closed"],
    ['[BODY] == "a" b', "unexpected text after the closing quote"],
    ['[BODY] == "a\\nb"', 'unknown escape \\n in a quoted string: only \\" and \\\\'],
    ["[BODY] == say(hi)", "unknown function say()"],
    ["[BODY] == len([BODY])", "len() only on the left of the operator"],
    ["[BODY] == ok (v2)", 'quote "ok (v2)": unquoted text cannot contain ('],
    ["[BODY] == [STATUS]", "a placeholder only on the left of the operator"],
    ["[BODY] == [1,2]", 'quote "[1,2]": unquoted text cannot start with ['],
    ["200 == [STATUS]", "a condition starts with a placeholder such as [STATUS], or with len() or has()"],
    ["any(200) == [STATUS]", "any() only on the right of the operator"],
    ["size([BODY]) > 1", "unknown function size()"],
    ["len(3) > 1", "len() takes a placeholder such as [BODY].items"],
    ["len([BODY] > 1", "expected ) to close len("],
    ["has([STATUS]) == true", "has() takes [BODY] or a path into it"],
    ["[STATUS].code == 200", "only [BODY] takes a path, not [STATUS]"],
    ["[BODY]. == 1", 'expected a key after "." in "[BODY]."'],
    ["[BODY][x] == 1", 'expected an index such as [0] or a quoted key such as ["a.b"] after [, found "x] == 1"'],
    ["[BODY][0 == 1", 'expected ] after "[BODY][0"'],
    ["[BODY][99999999999999999999] == 1", "the index [99999999999999999999] is too large"],
    ["[STATUS] == 1e999", 'the number "1e999" is out of range'],
    ["[CERTIFICATE_EXPIRATION] > 0.0001s", 'the duration "0.0001s" is finer than a millisecond or too long'],
    ["[STATUS] == OK", "[STATUS] is a number: compare it with a number, or a duration such as 48h"],
    ["[STATUS] == any(200, OK)", "[STATUS] is a number: compare it with a number, or a duration such as 48h"],
    ["len([BODY]) > many", "len([BODY]) is a number: compare it with a number, or a duration such as 48h"],
    ["[CONNECTED] == yes", "[CONNECTED] is true or false: compare it with == true or == false"],
    ["has([BODY].x) < true", "has([BODY].x) is true or false: compare it with == true or == false"],
    ["[BODY].ok < true", "< compares numbers, durations or text, not true or false"],
  ])("%j: %s", (text, error) => {
    expect(parseCondition(text)).toEqual({ ok: false, error });
  });

  it("refuses a value that is not text, as YAML can produce", () => {
    expect(parseCondition(200 as unknown as string)).toEqual({ ok: false, error: "a condition must be text" });
  });
});

describe("evaluateCondition", () => {
  const html = "<!doctype html>\n<html><body><h1>Example Domain</h1></body></html>\n";
  it.each<[string, Observation, string]>([
    ["[STATUS] == 200", { status: 200 }, "ok"],
    ["[STATUS] == 200", { status: 503 }, "[STATUS] (503) == 200"],
    ["[STATUS] != 500", { status: 500 }, "[STATUS] (500) != 500"],
    ["[STATUS] < 300", { status: 299 }, "ok"],
    ["[STATUS] < 300", { status: 300 }, "[STATUS] (300) < 300"],
    ["[STATUS] <= 299", { status: 299 }, "ok"],
    ["[STATUS] > 400", { status: 400 }, "[STATUS] (400) > 400"],
    ["[STATUS] >= 400", { status: 400 }, "ok"],
    ["[STATUS] == any(200, 429)", { status: 429 }, "ok"],
    ["[STATUS] == any(200, 429)", { status: 500 }, "[STATUS] (500) == any(200, 429)"],
    ["[STATUS] != any(500, 503)", { status: 200 }, "ok"],
    ["[STATUS] != any(500, 503)", { status: 503 }, "[STATUS] (503) != any(500, 503)"],
    ["[STATUS] == pat(2??)", { status: 204 }, "ok"],
    ["[STATUS] == pat(2??)", { status: 301 }, "[STATUS] (301) == pat(2??)"],
    ["[STATUS] != pat(5*)", { status: 502 }, "[STATUS] (502) != pat(5*)"],
    ["[RESPONSE_TIME] < 500", { responseTimeMs: 120 }, "ok"],
    ["[RESPONSE_TIME] < 500", { responseTimeMs: 500 }, "[RESPONSE_TIME] (500) < 500"],
    ["[RESPONSE_TIME] <= 1s", { responseTimeMs: 1000 }, "ok"],
    ["[BODY] == ok", { body: "ok\n" }, "ok"],
    ["[BODY] == ok", { body: "" }, '[BODY] ("") == ok'],
    ["[BODY] == pat(*<h1>Example Domain</h1>*)", { body: html }, "ok"],
    [
      "[BODY] == pat(*Other*)",
      { body: html },
      "[BODY] (<!doctype html> <html><body><h1>Example Domain</h1></body><…) == pat(*Other*)",
    ],
    ["[BODY] == pat(<!doctype*)", { body: html }, "ok"],
    ["[BODY] == pat(*</html>)", { body: html }, "ok"],
    ["[BODY] == pat(?!doctype*)", { body: html }, "ok"],
    ["[BODY].status == UP", { body: '{"status":"UP"}' }, "ok"],
    ["[BODY].status == UP", { body: '{"status":"DOWN"}' }, "[BODY].status (DOWN) == UP"],
    ["[BODY].status == UP", { body: "{}" }, "[BODY].status (missing) == UP"],
    ["[BODY].status == UP", { body: "UP" }, "[BODY].status (missing) == UP"],
    ["[BODY].status == UP", { body: '{"status":{"db":"UP"}}' }, '[BODY].status ({"db":"UP"}) == UP'],
    ["[BODY].data[0].id == 1", { body: '{"data":[{"id":1}]}' }, "ok"],
    ["[BODY].data[0].id == 1", { body: '{"data":[]}' }, "[BODY].data[0].id (missing) == 1"],
    ["[BODY][1].x == y", { body: '[{"x":"n"},{"x":"y"}]' }, "ok"],
    ['[BODY]["a.b"] == c', { body: '{"a.b":"c"}' }, "ok"],
    ["[BODY].n == 1.0", { body: '{"n":1}' }, "ok"],
    ["[BODY].n == 10", { body: '{"n":"10"}' }, "ok"],
    ["[BODY].n < 9", { body: '{"n":10}' }, "[BODY].n (10) < 9"],
    ["[BODY].v < b", { body: '{"v":"a"}' }, "ok"],
    ['[BODY].v == "1.0"', { body: '{"v":1}' }, '[BODY].v (1) == "1.0"'],
    ["[BODY].enabled == true", { body: '{"enabled":true}' }, "ok"],
    ["[BODY].x == null", { body: '{"x":null}' }, "ok"],
    ["[BODY].x != any(DOWN, fail)", { body: '{"x":"warn"}' }, "ok"],
    ["len([BODY].items) == 3", { body: '{"items":[1,2,3]}' }, "ok"],
    ["len([BODY].items) >= 3", { body: '{"items":[1]}' }, "len([BODY].items) (1) >= 3"],
    ["len([BODY].name) == 4", { body: '{"name":"John"}' }, "ok"],
    ["len([BODY].obj) == 2", { body: '{"obj":{"a":1,"b":2}}' }, "ok"],
    ["len([BODY].gone) == 0", { body: "{}" }, "len([BODY].gone) (missing) == 0"],
    ["len([BODY]) == 2", { body: "[1,2]" }, "ok"],
    ["len([BODY]) == 3", { body: " abc " }, "ok"],
    ["has([BODY].errors) == false", { body: "{}" }, "ok"],
    ["has([BODY].errors) == false", { body: '{"errors":[]}' }, "has([BODY].errors) (true) == false"],
    ["has([BODY].x) == true", { body: '{"x":null}' }, "ok"],
    ["has([BODY]) == true", { body: "  " }, "has([BODY]) (false) == true"],
    ["[CERTIFICATE_EXPIRATION] > 48h", { certificateExpiresInMs: 72 * 3_600_000 }, "ok"],
    ["[CERTIFICATE_EXPIRATION] > 48h", { certificateExpiresInMs: 86_401_500 }, "[CERTIFICATE_EXPIRATION] (1d1s) > 2d"],
    ["[CERTIFICATE_EXPIRATION] > 0s", { certificateExpiresInMs: -86_400_000 }, "[CERTIFICATE_EXPIRATION] (-1d) > 0s"],
    ["[DNS_RCODE] == NOERROR", { dnsRcode: "NOERROR" }, "ok"],
    ["[DNS_RCODE] == NOERROR", { dnsRcode: "NXDOMAIN" }, "[DNS_RCODE] (NXDOMAIN) == NOERROR"],
    ["[DNS_RCODE] == any(NOERROR, NXDOMAIN)", { dnsRcode: "NXDOMAIN" }, "ok"],
    ["[CONNECTED] == true", { connected: true }, "ok"],
    ["[CONNECTED] == true", { connected: false }, "[CONNECTED] (false) == true"],
    ["[CONNECTED] != false", { connected: true }, "ok"],
  ])("%s on %j: %s", (text, observation, expected) => {
    expect(evaluate(text, observation)).toBe(expected);
  });

  it.each<[string, Observation]>([
    ["[DNS_RCODE] == NOERROR", { status: 200, body: "ok", connected: true }],
    ["[BODY].status == UP", { connected: true }],
    ["has([BODY].x) == false", { connected: true }],
    ["len([BODY]) > 0", { connected: true }],
    ["[STATUS] == 200", { dnsRcode: "NOERROR" }],
    ["[CERTIFICATE_EXPIRATION] > 7d", { status: 200 }],
    ["[CONNECTED] == true", {}],
  ])("%s fails, naming what the check does not provide, on %j", (text, observation) => {
    expect(evaluate(text, observation)).toMatch(/ \(not provided by this check\) /);
  });

  it("shows at most about 60 characters of what it saw, never the whole body", () => {
    const body = JSON.stringify({ status: `DOWN ${"x".repeat(5000)} END` });
    const message = evaluate("[BODY].status == UP", { body });
    expect(message).toBe(`[BODY].status (DOWN ${"x".repeat(54)}…) == UP`);
    expect(evaluate("[BODY] == UP", { body })).not.toContain("END");
  });
});

describe("one check's body", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is parsed as JSON once for all its conditions, and not at all when none reads a path", () => {
    const parse = vi.spyOn(JSON, "parse");
    const context = createConditionContext({ status: 200, body: '{"status":"UP","items":[1,2]}' });
    const texts = [
      "[STATUS] == 200",
      "[BODY].status == UP",
      "len([BODY].items) == 2",
      "has([BODY].x) == false",
      "[BODY] == pat(*UP*)",
    ];
    expect(texts.map((text) => evaluateCondition(parsed(text), context))).toEqual(texts.map(() => ({ ok: true })));
    expect(parse).toHaveBeenCalledTimes(1);

    parse.mockClear();
    evaluateCondition(parsed("[BODY] == pat(*UP*)"), createConditionContext({ body: "{}" }));
    expect(parse).not.toHaveBeenCalled();
  });
});

describe("placeholderOf", () => {
  it.each([
    ["[STATUS] == 200", "[STATUS]"],
    ["len([BODY].items) > 0", "[BODY]"],
    ["has([BODY]) == true", "[BODY]"],
    ["[CERTIFICATE_EXPIRATION] > 48h", "[CERTIFICATE_EXPIRATION]"],
    ["[dns_rcode] == NOERROR", "[DNS_RCODE]"],
  ])("%s reads %s", (text, placeholder) => {
    expect(placeholderOf(parsed(text))).toBe(placeholder);
  });
});
