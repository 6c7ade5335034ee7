// The server's time trap. Each contact form carries a token that records,
// signed, when the page was rendered. A submission needs one at least 3 s
// old (a person reads and types; a bot posts at once; CONTACT_MIN_FORM_AGE_MS
// changes it, so browser tests need not wait) and at most 24 h old (so tokens
// cannot be hoarded). Leaving the token out is no way around it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const MIN_FORM_AGE_MS = 3_000;
export const MAX_FORM_AGE_MS = 24 * 60 * 60_000;
/**
 * Everyone served a form within this window gets the same token: a flood of
 * contact pages costs one signature per window, and the token (a cookie)
 * cannot tell visitors apart. A tenth of a second is nothing to the 3 s trap.
 */
export const TOKEN_SHARED_FOR_MS = 100;
/** Clocks of several instances may disagree a little. */
const FUTURE_TOLERANCE_MS = 60_000;

export type TokenCheck =
  | { ok: true }
  | { ok: false; reason: "forged" }
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "too-early"; retryAfterMs: number };

export function createFormTokens(key: Buffer, now: () => number = Date.now, minAgeMs = MIN_FORM_AGE_MS) {
  const sign = (payload: string) =>
    createHmac("sha256", key).update(payload).digest().subarray(0, 16).toString("base64url");

  let latest: { issuedAt: number; token: string } | undefined;

  return {
    issue(): string {
      const time = now();
      if (latest && time >= latest.issuedAt && time - latest.issuedAt < TOKEN_SHARED_FOR_MS) return latest.token;
      const payload = `${time.toString(36)}.${randomBytes(9).toString("base64url")}`;
      latest = { issuedAt: time, token: `${payload}.${sign(payload)}` };
      return latest.token;
    },

    check(token: string): TokenCheck {
      const parts = token.split(".");
      if (parts.length !== 3) return { ok: false, reason: "forged" };
      const [issued, nonce, mac] = parts as [string, string, string];
      const expected = Buffer.from(sign(`${issued}.${nonce}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
      const issuedAt = Number.parseInt(issued, 36);
      const age = now() - issuedAt;
      if (!Number.isFinite(issuedAt) || age < -FUTURE_TOLERANCE_MS) return { ok: false, reason: "forged" };
      if (age < minAgeMs) return { ok: false, reason: "too-early", retryAfterMs: minAgeMs - age };
      if (age > MAX_FORM_AGE_MS) return { ok: false, reason: "expired" };
      return { ok: true };
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;
