// The step-up (a recent sign-in) against a thief who holds a session and the
// password but not the second factor: on an account with a factor the password
// alone proves nothing, so the thief can neither add a factor of their own nor
// remove the victim's nor make new recovery codes; and a change of factors by
// the person ends every other session, the thief's among them.
import { describe, expect, it } from "vitest";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { RECENT_SIGN_IN_MS } from "#server/auth/sessions.ts";
import { totpCode, TOTP_PERIOD_SECONDS } from "#server/auth/totp.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import {
  auditTrail,
  enrolTotp,
  registerPasskey,
  useStaffApp,
  type Authenticator,
  type Browser,
} from "#tests/support/staff-browser.ts";

const INVALID_CODE = staffText("en", "api.signIn.invalidCode");
const SECOND_FACTOR_NEEDED = staffText("en", "api.signIn.secondFactorNeeded");

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const STALE_MS = RECENT_SIGN_IN_MS + 60_000;

/** Answers a confirmation's passkey ceremony with the authenticator. */
async function confirmWithPasskey(browser: Browser, authenticator: Authenticator) {
  const options = await browser.post("/api/auth/confirm/passkey/options");
  expect(options.status).toBe(200);
  const { challenge } = ((await options.json()) as { options: { challenge: string } }).options;
  return browser.post("/api/auth/confirm/passkey", { response: authenticator.authenticate(challenge) });
}

describe.each(testDatabases())("step-up on $dialect: a thief with the session and the password", ({ open }) => {
  const s = useStaffApp(open);

  it("cannot confirm with the password alone once the account has a second factor", async () => {
    const { t } = s;
    const victim = await s.signedIn("ops");
    const { secret, recoveryCodes } = await enrolTotp(t, victim);
    // The thief's copy of the session cookie, in another browser.
    const thief = s.browser("Thief's browser");
    thief.set("session", victim.cookie("session")!);
    t.advance(STALE_MS);
    expect((await thief.post("/api/admin/account/recovery-codes")).status).toBe(403);

    expect(await (await thief.get("/api/auth/confirm")).json()).toEqual({ methods: ["totp", "recovery"] });
    const refused = await thief.post("/api/auth/confirm", { password: STAFF_PASSWORD });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: SECOND_FACTOR_NEEDED,
      fields: { code: SECOND_FACTOR_NEEDED },
      methods: ["totp", "recovery"],
    });
    // Nothing the change routes need was opened: no new factor, no codes, no factor removed.
    expect((await thief.post("/api/admin/account/totp/setup")).status).toBe(403);
    expect((await thief.post("/api/admin/account/recovery-codes")).status).toBe(403);
    expect((await thief.delete("/api/admin/account/factors/1")).status).toBe(403);
    // A wrong password answers the same: the route checks no password on such an account, nor counts one.
    const counted = () => t.services.database.db.selectFrom("auth_failures").selectAll().orderBy("key").execute();
    const before = await counted();
    expect((await thief.post("/api/auth/confirm", { password: "a guess" })).status).toBe(400);
    expect(await counted()).toEqual(before);

    const wrong = await thief.post("/api/auth/confirm", { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: INVALID_CODE });

    // The person, with their app or a recovery code, confirms.
    t.advance(STEP_MS);
    const code = await victim.post("/api/auth/confirm", { code: totpCode(secret, t.clock.now) });
    expect(code.status).toBe(200);
    t.advance(STALE_MS);
    expect((await victim.post("/api/auth/confirm", { code: recoveryCodes![0]! })).status).toBe(200);
    const confirmations = (await auditTrail(t)).filter((e) => e.action.startsWith("confirm."));
    expect(confirmations.map((e) => [e.action, e.detail])).toEqual([
      ["confirm.failed", { method: "code" }],
      ["confirm.succeeded", { method: "code" }],
      ["confirm.succeeded", { method: "code" }],
    ]);
  });

  it("confirms with a passkey, the account's own only", async () => {
    const { t } = s;
    const victim = await s.signedIn("ops");
    const { authenticator } = await registerPasskey(t, victim, await s.userId("ops"));
    const owner = await s.signedIn("owner");
    const others = await registerPasskey(t, owner, await s.userId("owner"));
    t.advance(STALE_MS);
    expect(await (await victim.get("/api/auth/confirm")).json()).toEqual({ methods: ["passkey", "recovery"] });
    expect((await victim.post("/api/auth/confirm", { password: STAFF_PASSWORD })).status).toBe(400);
    // The owner's passkey does not confirm the operator, nor does an answer to no ceremony of this browser.
    const foreign = await confirmWithPasskey(victim, others.authenticator);
    expect(foreign.status).toBe(401);
    expect((await victim.post("/api/admin/account/recovery-codes")).status).toBe(403);
    const unasked = await victim.post("/api/auth/confirm/passkey", { response: authenticator.authenticate("x") });
    expect(unasked.status).toBe(410);
    const confirmed = await confirmWithPasskey(victim, authenticator);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ verifiedAt: t.clock.now });
    expect((await victim.post("/api/admin/account/recovery-codes")).status).toBe(200);
  });

  it("asks an account without a factor for its password, as before, and refuses a passkey ceremony", async () => {
    const { t } = s;
    const browser = await s.signedIn("ops");
    t.advance(STALE_MS);
    expect(await (await browser.get("/api/auth/confirm")).json()).toEqual({ methods: ["password"] });
    expect((await browser.post("/api/auth/confirm/passkey/options")).status).toBe(409);
    expect((await browser.post("/api/auth/confirm", { password: "not it" })).status).toBe(401);
    expect((await browser.post("/api/auth/confirm", { password: STAFF_PASSWORD })).status).toBe(200);
    expect((await s.browser().get("/api/auth/confirm")).status).toBe(401);
  });
});

describe.each(testDatabases())("step-up on $dialect: a factor change ends the other sessions", ({ open }) => {
  const s = useStaffApp(open);

  it("adding or removing a factor, or new recovery codes, ends every session but the one making it", async () => {
    const { t } = s;
    const person = await s.signedIn("ops", "Laptop");
    const stillIn = async (browsers: Browser[]) =>
      Promise.all(browsers.map(async (b) => (await b.get("/api/auth/session")).status === 200));

    const first = [await s.signedIn("ops", "Phone"), await s.signedIn("ops", "Desktop")];
    const app = await enrolTotp(t, person);
    expect(await stillIn(first)).toEqual([false, false]);
    expect((await person.get("/api/auth/session")).status).toBe(200);

    // Later sessions come after the second step; a thief's would too, with a stolen code.
    const signedInWithCode = async () => {
      const browser = s.browser("Other");
      await browser.signIn("ops");
      t.advance(STEP_MS);
      expect((await browser.code(totpCode(app.secret, t.clock.now))).status).toBe(200);
      return browser;
    };
    const second = [await signedInWithCode()];
    const key = await registerPasskey(t, person, await s.userId("ops"));
    expect(await stillIn(second)).toEqual([false]);

    const third = [await signedInWithCode()];
    expect((await person.post("/api/admin/account/recovery-codes")).status).toBe(200);
    expect(await stillIn(third)).toEqual([false]);

    const fourth = [await signedInWithCode(), await signedInWithCode()];
    expect((await person.delete(`/api/admin/account/factors/${key.factorId}`)).status).toBe(204);
    expect(await stillIn(fourth)).toEqual([false, false]);
    expect((await person.get("/api/auth/session")).status).toBe(200);

    const trail = await auditTrail(t);
    const ended = (action: string) => trail.filter((e) => e.action === action).map((e) => e.detail?.sessionsEnded);
    expect(ended("factor.added")).toEqual([2, 1]);
    expect(ended("recovery-codes.created")).toEqual([1]);
    expect(ended("factor.removed")).toEqual([2]);
  });
});
