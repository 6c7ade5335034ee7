// Guessing authenticator codes with the password in hand, on a fake clock:
// sixteen addresses, each trying again the moment its Retry-After allows (the
// fastest an attacker who obeys the throttle can go, and one who does not
// only collects more 429s). Whatever the addresses, the account's code budget
// admits so few guesses that a year of it stays under a 1 % chance of a hit;
// the person's own browser, which signed in before, still gets in.
import { describe, expect, it } from "vitest";
import { totpCode, TOTP_PERIOD_SECONDS, verifyTotp } from "#server/auth/totp.ts";
import { TOO_MANY_CODES } from "#server/http/routes/auth.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { enrolTotp, useStaffApp, type Browser } from "#tests/support/staff-browser.ts";

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ADDRESSES = 16;

type App = ReturnType<typeof useStaffApp>;

/** How many codes one guess can hit: the steps verifyTotp accepts around now, counted rather than assumed. */
function acceptedCodesPerGuess(secret: string, now: number): number {
  let accepted = 0;
  for (let step = -5; step <= 5; step += 1)
    if (verifyTotp(secret, totpCode(secret, now + step * STEP_MS), now, null).ok) accepted += 1;
  return accepted;
}

/** The chance that `guesses` guesses hit one of `codes` valid six-digit codes at least once. */
const chanceOfAHit = (guesses: number, codes: number) => 1 - (1 - codes / 1e6) ** guesses;

/**
 * Attackers at the given browsers guess codes until `until`, each again as soon as it is let: a password step when
 * it has no pending one, then wrong codes. Returns the times of the guesses that were checked (answered 401).
 */
async function guessCodes(s: App, attackers: Browser[], secret: string, until: number): Promise<number[]> {
  const { t } = s;
  const state = attackers.map((browser) => ({ browser, next: t.clock.now, pending: false }));
  const checked: number[] = [];
  let guess = 0;
  const wrongCode = () => {
    const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, t.clock.now + step * STEP_MS)));
    let code: string;
    do code = String(guess++ % 1e6).padStart(6, "0");
    while (valid.has(code));
    return code;
  };
  for (;;) {
    const attacker = state.reduce((first, other) => (other.next < first.next ? other : first));
    if (attacker.next >= until) return checked;
    t.clock.now = Math.max(t.clock.now, attacker.next);
    const response = attacker.pending ? await attacker.browser.code(wrongCode()) : await attacker.browser.signIn("ops");
    const wait = Number(response.headers.get("retry-after") ?? 0) * 1000;
    if (response.status === 429) attacker.next = t.clock.now + wait;
    else if (response.status === 410) attacker.pending = false;
    else if (!attacker.pending) attacker.pending = response.status === 200;
    else {
      expect(response.status).toBe(401);
      checked.push(t.clock.now);
    }
    if (response.status !== 429) attacker.next = t.clock.now + 1000;
  }
}

describe.each(testDatabases())("code guessing on $dialect: the account's budget", ({ open }) => {
  const s = useStaffApp(open, { TRUST_PROXY: "true" });

  it("from 16 addresses with the password: 5 guesses a day, under 1 % in a year; the person gets in", async () => {
    const { t } = s;
    const person = s.browser("Person's laptop", "198.51.100.7");
    const { secret } = await enrolTotp(t, await s.signedIn("ops"));
    t.advance(STEP_MS);
    expect((await person.signIn("ops")).status).toBe(200);
    expect((await person.code(totpCode(secret, t.clock.now))).status).toBe(200);
    expect(person.cookie("device")).toBeDefined();

    const start = t.clock.now;
    const attackers = Array.from({ length: ADDRESSES }, (_, n) => s.browser("Attacker", `10.0.${n}.1`));
    const checked = await guessCodes(s, attackers, secret, start + 3 * DAY);
    const inFirst = (ms: number) => checked.filter((time) => time < start + ms).length;
    expect(inFirst(HOUR)).toBe(5);
    expect(inFirst(DAY)).toBe(5);
    expect(checked).toHaveLength(15);

    // A year holds at most 366 of the budget's windows of a day.
    const codes = acceptedCodesPerGuess(secret, t.clock.now);
    expect(codes).toBe(3);
    expect(chanceOfAHit(366 * inFirst(DAY), codes)).toBeLessThan(0.01);

    // Held: the answer says why and until when, even to the right code.
    const stranger = s.browser("Person's new phone", "192.0.2.200");
    expect((await stranger.signIn("ops")).status).toBe(200);
    const held = await stranger.code(totpCode(secret, t.clock.now));
    expect(held.status).toBe(429);
    const retryAfter = Number(held.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
    expect(await held.json()).toEqual({ error: TOO_MANY_CODES, reason: "codes", retryAfterSeconds: retryAfter });

    // The person's browser, which signed in before, has a budget the attackers cannot spend.
    t.advance(STEP_MS);
    expect((await person.signIn("ops")).status).toBe(200);
    expect((await person.code(totpCode(secret, t.clock.now))).status).toBe(200);
  });

  it("a thief with a trusted browser's cookie too gets 4 more a day: 9 in all, still under 1 % a year", async () => {
    const { t } = s;
    const person = s.browser("Person's laptop", "198.51.100.7");
    const { secret } = await enrolTotp(t, await s.signedIn("ops"));
    t.advance(STEP_MS);
    await person.signIn("ops");
    expect((await person.code(totpCode(secret, t.clock.now))).status).toBe(200);

    const start = t.clock.now;
    const untrusted = Array.from({ length: ADDRESSES }, (_, n) => s.browser("Attacker", `10.1.${n}.1`));
    const trusted = Array.from({ length: 4 }, (_, n) => {
      const browser = s.browser("Attacker", `10.2.${n}.1`);
      browser.set("device", person.cookie("device")!);
      return browser;
    });
    const checked = await guessCodes(s, [...untrusted, ...trusted], secret, start + DAY);
    expect(checked).toHaveLength(9);
    expect(chanceOfAHit(366 * checked.length, acceptedCodesPerGuess(secret, t.clock.now))).toBeLessThan(0.01);
  });

  it("a recovery code is no guess at the budget: it works while authenticator codes are held", async () => {
    const { t } = s;
    const { secret, recoveryCodes } = await enrolTotp(t, await s.signedIn("ops"));
    const attackers = Array.from({ length: ADDRESSES }, (_, n) => s.browser("Attacker", `10.3.${n}.1`));
    await guessCodes(s, attackers, secret, t.clock.now + HOUR);
    const person = s.browser("Person's new phone", "192.0.2.201");
    await person.signIn("ops");
    expect((await person.code(totpCode(secret, t.clock.now))).status).toBe(429);
    expect((await person.code(recoveryCodes![0]!)).status).toBe(200);
  });
});
