import { describe, expect, it } from "vitest";
import { createFormTokens, MIN_FORM_AGE_MS, TOKEN_SHARED_FOR_MS } from "./form-token.ts";

describe("createFormTokens", () => {
  it("gives everyone served within a tenth of a second the same token, and a new one after", () => {
    let time = Date.parse("2026-01-05T09:00:00Z");
    const tokens = createFormTokens(Buffer.alloc(32, 1), () => time);
    const first = tokens.issue();
    time += TOKEN_SHARED_FOR_MS - 1;
    expect(tokens.issue()).toBe(first);
    time += 1;
    const second = tokens.issue();
    expect(second).not.toBe(first);
    time += MIN_FORM_AGE_MS;
    expect(tokens.check(first)).toEqual({ ok: true });
    expect(tokens.check(second)).toEqual({ ok: true });
  });

  it("never hands out a token from the future when the clock steps back", () => {
    let time = Date.parse("2026-01-05T09:00:00Z");
    const tokens = createFormTokens(Buffer.alloc(32, 1), () => time);
    const first = tokens.issue();
    time -= 10;
    expect(tokens.issue()).not.toBe(first);
  });

  it("holds a form for the minimum age it is given: 3 s by default, none when the setting says 0", () => {
    let time = Date.parse("2026-01-05T09:00:00Z");
    const key = Buffer.alloc(32, 1);
    const token = createFormTokens(key, () => time).issue();
    expect(createFormTokens(key, () => time).check(token)).toEqual({
      ok: false,
      reason: "too-early",
      retryAfterMs: MIN_FORM_AGE_MS,
    });
    expect(createFormTokens(key, () => time, 0).check(token)).toEqual({ ok: true });
    time += 999;
    expect(createFormTokens(key, () => time, 1_000).check(token)).toMatchObject({ retryAfterMs: 1 });
  });
});
