import { describe, expect, it } from "vitest";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { PENDING_SIGN_IN_MS } from "#server/auth/second-factor.ts";
import { RECENT_SIGN_IN_MS } from "#server/auth/sessions.ts";
import { THROTTLE_RULES } from "#server/auth/throttle.ts";
import { totpCode, TOTP_PERIOD_SECONDS } from "#server/auth/totp.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { answerPasskey, auditTrail, enrolTotp, registerPasskey, useStaffApp } from "#tests/support/staff-browser.ts";

const INVALID_CODE = staffText("en", "api.signIn.invalidCode");
const SPENT_RECOVERY_CODE = staffText("en", "api.signIn.spentRecoveryCode");

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

describe.each(testDatabases())("second factors on $dialect: an authenticator app", ({ open }) => {
  const s = useStaffApp(open);

  it("enrols with ten recovery codes; the sign-in then waits for a code, which works once", async () => {
    const { t } = s;
    const enrolled = await enrolTotp(t, await s.signedIn("ops"));
    expect(enrolled.recoveryCodes).toHaveLength(10);
    for (const code of enrolled.recoveryCodes!) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);

    const browser = s.browser();
    const password = await browser.signIn("ops");
    expect(password.status).toBe(200);
    expect(await password.json()).toEqual({ secondFactor: { methods: ["totp", "recovery"] } });
    expect(browser.cookie("session")).toBeUndefined();
    expect(browser.cookie("sign-in-step")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await browser.get("/api/auth/session")).status).toBe(401);
    // The code that enrolled the app is used up: its step is the last accepted.
    expect((await browser.code(enrolled.code)).status).toBe(401);

    t.advance(STEP_MS);
    const code = totpCode(enrolled.secret, t.clock.now);
    const signedIn = await browser.code(code.replace(/(\d{3})/, "$1 "));
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { username: "ops" }, mustEnrol: false });
    expect(browser.cookie("session")).toBeDefined();
    expect(browser.cookie("sign-in-step")).toBeUndefined();
    expect((await browser.get("/api/auth/session")).status).toBe(200);

    const again = s.browser();
    await again.signIn("ops");
    const replay = await again.code(code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: INVALID_CODE });
    expect(again.cookie("session")).toBeUndefined();

    const trail = await auditTrail(t);
    expect(trail.filter((e) => e.action === "factor.added")).toMatchObject([
      { actor: "ops", detail: { kind: "totp", label: "Phone" } },
    ]);
    expect(trail.filter((e) => e.action === "sign-in.succeeded").map((e) => e.detail)).toEqual([
      { method: "password" },
      { method: "totp" },
    ]);
    expect(trail.filter((e) => e.action === "sign-in.failed")).toMatchObject([
      { target: "ops", detail: { step: "code" } },
      { target: "ops", detail: { step: "code" } },
    ]);
  });

  it.each([
    { age: "one step ahead", offsetMs: STEP_MS, status: 200 },
    { age: "current", offsetMs: 0, status: 200 },
    { age: "one step old", offsetMs: -STEP_MS, status: 200 },
    { age: "two steps old", offsetMs: -2 * STEP_MS, status: 401 },
    { age: "two steps ahead", offsetMs: 2 * STEP_MS, status: 401 },
  ])("takes a code $age with $status", async ({ offsetMs, status }) => {
    const { t } = s;
    const { secret } = await enrolTotp(t, await s.signedIn("ops"));
    t.advance(10 * STEP_MS);
    const browser = s.browser();
    await browser.signIn("ops");
    expect((await browser.code(totpCode(secret, t.clock.now + offsetMs))).status).toBe(status);
  });

  it("keeps a setup's secret sealed while it waits for its first code", async () => {
    const browser = await s.signedIn("ops");
    const setup = (await (await browser.post("/api/admin/account/totp/setup")).json()) as { secret: string };
    const rows = await s.t.services.database.db.selectFrom("auth_challenges").select("value").execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(String(row.value)).not.toContain(setup.secret);
  });

  it("takes a recovery code once, in any case and spacing", async () => {
    const { t } = s;
    const { recoveryCodes } = await enrolTotp(t, await s.signedIn("ops"));
    const [first = "", second = ""] = recoveryCodes!;
    const cases = [
      { code: first, status: 200 },
      { code: first, status: 401 },
      { code: ` ${second.toUpperCase().replace("-", " ")} `, status: 200 },
      { code: second, status: 401 },
    ];
    for (const { code, status } of cases) {
      const browser = s.browser();
      await browser.signIn("ops");
      expect((await browser.code(code)).status, code).toBe(status);
    }
    const browser = s.browser();
    await browser.signIn("ops");
    expect((await browser.code(recoveryCodes![2]!)).status).toBe(200);
    expect(await (await browser.get("/api/admin/account")).json()).toMatchObject({ recoveryCodesLeft: 7 });
    const methods = (await auditTrail(t)).filter((e) => e.action === "sign-in.succeeded").map((e) => e.detail);
    expect(methods).toEqual([
      { method: "password" },
      { method: "recovery-code" },
      { method: "recovery-code" },
      { method: "recovery-code" },
    ]);
  });
});

describe.each(testDatabases())("second factors on $dialect: the code step's limits", ({ open }) => {
  const s = useStaffApp(open);

  it("counts wrong codes in the sign-in throttle, like wrong passwords", async () => {
    const { t } = s;
    const { secret } = await enrolTotp(t, await s.signedIn("ops"));
    t.advance(STEP_MS);
    const valid = [-1, 0, 1].map((steps) => totpCode(secret, t.clock.now + steps * STEP_MS));
    const wrong = ["000000", "111111", "222222"].find((code) => !valid.includes(code))!;
    // A new browser: no device cookie, so the account from this address is limited.
    const browser = s.browser();
    expect((await browser.signIn("ops")).status).toBe(200);
    const { free, baseDelayMs } = THROTTLE_RULES["sign-in:account-network"];
    // The right password counted as one attempt; then wrong codes of both kinds up to the first delay.
    for (let attempt = 2; attempt <= free + 1; attempt += 1) {
      const code = attempt % 2 === 0 ? wrong : "aaaaa-bbbbb";
      expect((await browser.code(code)).status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await browser.code(totpCode(secret, t.clock.now));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe(String(baseDelayMs / 1000));
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts", retryAfterSeconds: baseDelayMs / 1000 });
    t.advance(baseDelayMs);
    expect((await browser.code(totpCode(secret, t.clock.now))).status).toBe(200);
  });

  it("tells a reused recovery code it was used, and still counts it in the throttle like a wrong code", async () => {
    const { t } = s;
    const { secret, recoveryCodes } = await enrolTotp(t, await s.signedIn("ops"));
    const [used = ""] = recoveryCodes!;
    const first = s.browser();
    await first.signIn("ops");
    expect((await first.code(used)).status).toBe(200);
    const browser = s.browser();
    expect((await browser.signIn("ops")).status).toBe(200);
    const unknown = await browser.code("aaaaa-bbbbb");
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 401,
      body: { error: INVALID_CODE },
    });
    const { free } = THROTTLE_RULES["sign-in:account-network"];
    // The password and the unknown code counted as two attempts; the spent code fills the rest.
    for (let attempt = 3; attempt <= free + 1; attempt += 1) {
      const spent = await browser.code(used.toUpperCase());
      expect({ status: spent.status, body: await spent.json() }, `attempt ${attempt}`).toEqual({
        status: 401,
        body: { error: SPENT_RECOVERY_CODE },
      });
    }
    expect((await browser.code(totpCode(secret, t.clock.now))).status).toBe(429);
    const failed = (await auditTrail(t)).filter((e) => e.action === "sign-in.failed").map((e) => e.detail);
    expect(failed).toContainEqual({ step: "code", spentRecoveryCode: true });
  });

  it("lets the pending step expire after five minutes", async () => {
    const { t } = s;
    const { secret } = await enrolTotp(t, await s.signedIn("ops"));
    t.advance(STEP_MS);
    const late = s.browser();
    await late.signIn("ops");
    t.advance(PENDING_SIGN_IN_MS);
    const expired = await late.code(totpCode(secret, t.clock.now));
    expect(expired.status).toBe(410);
    expect(late.cookie("sign-in-step")).toBeUndefined();
    expect(late.cookie("session")).toBeUndefined();

    const inTime = s.browser();
    await inTime.signIn("ops");
    t.advance(PENDING_SIGN_IN_MS - 1000);
    expect((await inTime.code(totpCode(secret, t.clock.now))).status).toBe(200);
  });
});

describe.each(testDatabases())("second factors on $dialect: passkeys", ({ open }) => {
  const s = useStaffApp(open);

  it("registers a passkey and signs in with it alone, or after the password", async () => {
    const { t } = s;
    const { authenticator, recoveryCodes } = await registerPasskey(t, await s.signedIn("ops"), await s.userId("ops"));
    expect(recoveryCodes).toHaveLength(10);

    const passwordless = s.browser();
    const { options, response } = await answerPasskey(passwordless, authenticator);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(passwordless.cookie("passkey-ceremony")).toBeDefined();
    const signedIn = await passwordless.post("/api/auth/passkey/sign-in", { response });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { username: "ops" } });
    expect(passwordless.cookie("session")).toBeDefined();
    expect(passwordless.cookie("passkey-ceremony")).toBeUndefined();

    const twoSteps = s.browser();
    expect(await (await twoSteps.signIn("ops")).json()).toEqual({ secondFactor: { methods: ["passkey", "recovery"] } });
    const second = await answerPasskey(twoSteps, authenticator);
    expect(second.options.allowCredentials?.map((c) => c.id)).toEqual([response.id]);
    expect((await twoSteps.post("/api/auth/passkey/sign-in", { response: second.response })).status).toBe(200);
    expect(twoSteps.cookie("session")).toBeDefined();
    expect(twoSteps.cookie("sign-in-step")).toBeUndefined();

    const methods = (await auditTrail(t)).filter((e) => e.action === "sign-in.succeeded").map((e) => e.detail);
    expect(methods).toEqual([{ method: "password" }, { method: "passkey" }, { method: "passkey" }]);
  });

  it("gives a client network the sign-in's allowance of passwordless ceremonies, and clears run-out ones", async () => {
    const { t } = s;
    const asks = async () => (await s.browser().post("/api/auth/passkey/options")).status;
    // The throttle's "ip" rule: 20 free, the 21st admitted and starting the delay, the next one held.
    for (let i = 0; i < 21; i++) expect(await asks(), `ceremony ${i + 1}`).toBe(200);
    expect(await asks()).toBe(429);
    const rows = () => t.services.database.db.selectFrom("auth_challenges").selectAll().execute();
    expect(await rows()).toHaveLength(21);
    t.advance(60 * 60_000);
    expect(await asks()).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a replayed answer, a forged one and another person's passkey", async () => {
    const { t } = s;
    const { authenticator } = await registerPasskey(t, await s.signedIn("ops"), await s.userId("ops"));
    const owners = await registerPasskey(t, await s.signedIn("owner"), await s.userId("owner"));
    const browser = s.browser();
    const { response } = await answerPasskey(browser, authenticator);
    expect((await browser.post("/api/auth/passkey/sign-in", { response })).status).toBe(200);
    // The same answer again: its ceremony is used up.
    expect((await browser.post("/api/auth/passkey/sign-in", { response })).status).toBe(410);
    // The same answer to a new ceremony: it signs another challenge.
    await answerPasskey(browser, authenticator);
    expect((await browser.post("/api/auth/passkey/sign-in", { response })).status).toBe(401);
    const fresh = await answerPasskey(browser, authenticator);
    const signature = Buffer.from(fresh.response.response.signature as string, "base64url");
    signature[signature.length - 1]! ^= 1;
    const forged = {
      ...fresh.response,
      response: { ...fresh.response.response, signature: signature.toString("base64url") },
    };
    expect((await browser.post("/api/auth/passkey/sign-in", { response: forged })).status).toBe(401);

    const other = s.browser();
    await other.signIn("ops");
    const foreign = await answerPasskey(other, owners.authenticator);
    expect((await other.post("/api/auth/passkey/sign-in", { response: foreign.response })).status).toBe(401);
    expect(other.cookie("session")).toBeUndefined();
    const failed = (await auditTrail(t)).filter((e) => e.action === "sign-in.failed");
    expect(failed.map((e) => e.detail)).toEqual([{ step: "passkey" }, { step: "passkey" }, { step: "passkey" }]);
  });

  it("removes the recovery codes with the last factor, not before", async () => {
    const { t } = s;
    const browser = await s.signedIn("ops");
    const app = await enrolTotp(t, browser);
    const key = await registerPasskey(t, browser, await s.userId("ops"));
    expect(key.recoveryCodes).toBeUndefined();
    const account = async () => (await (await browser.get("/api/admin/account")).json()) as Record<string, unknown>;
    expect(await account()).toMatchObject({ recoveryCodesLeft: 10, factors: [{ kind: "totp" }, { kind: "passkey" }] });
    expect((await browser.delete(`/api/admin/account/factors/${app.factorId}`)).status).toBe(204);
    expect(await account()).toMatchObject({ recoveryCodesLeft: 10, factors: [{ kind: "passkey" }] });
    expect((await browser.delete(`/api/admin/account/factors/${key.factorId}`)).status).toBe(204);
    expect(await account()).toMatchObject({ recoveryCodesLeft: 0, factors: [] });
    expect((await browser.delete(`/api/admin/account/factors/${key.factorId}`)).status).toBe(404);
    expect((await browser.post("/api/admin/account/recovery-codes")).status).toBe(409);
    expect(await (await s.browser().signIn("ops")).json()).toMatchObject({ user: { username: "ops" } });
    const removed = (await auditTrail(t)).filter((e) => e.action === "factor.removed").map((e) => e.detail);
    expect(removed).toEqual([
      { kind: "totp", label: "Phone", sessionsEnded: 0 },
      { kind: "passkey", label: "Laptop", sessionsEnded: 0 },
    ]);
  });
});

describe.each(testDatabases())("second factors on $dialect: recent sign-in and the team's rule", ({ open }) => {
  const s = useStaffApp(open);

  it.each([
    ["POST", "/api/admin/account/totp/setup"],
    ["POST", "/api/admin/account/totp"],
    ["POST", "/api/admin/account/passkeys/options"],
    ["POST", "/api/admin/account/passkeys"],
    ["DELETE", "/api/admin/account/factors/1"],
    ["POST", "/api/admin/account/recovery-codes"],
    ["PUT", "/api/admin/staff/settings"],
  ])("%s %s needs a sign-in within ten minutes", async (method, path) => {
    const { t } = s;
    const browser = await s.signedIn("owner");
    t.advance(RECENT_SIGN_IN_MS + 1);
    const response = await browser.send(method, path, method === "DELETE" ? undefined : {});
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ confirm: true });
  });

  it("asks to confirm after eleven minutes, by password or code", async () => {
    const { t } = s;
    const browser = await s.signedIn("ops");
    t.advance(11 * 60_000);
    const stale = await browser.post("/api/admin/account/totp/setup");
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ confirm: true, error: expect.stringMatching(/confirm/i) });
    expect((await browser.post("/api/auth/confirm", { password: "not the password" })).status).toBe(401);
    expect((await browser.post("/api/admin/account/totp/setup")).status).toBe(403);
    const confirmed = await browser.post("/api/auth/confirm", { password: STAFF_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ verifiedAt: t.clock.now });
    const { secret } = await enrolTotp(t, browser);

    t.advance(11 * 60_000);
    expect((await browser.post("/api/auth/confirm", { code: "000000" })).status).toBe(401);
    expect((await browser.post("/api/auth/confirm", { code: totpCode(secret, t.clock.now) })).status).toBe(200);
    expect((await browser.post("/api/admin/account/recovery-codes")).status).toBe(200);
    const actions = (await auditTrail(t)).map((e) => e.action).filter((a) => a.startsWith("confirm."));
    expect(actions).toEqual(["confirm.failed", "confirm.succeeded", "confirm.failed", "confirm.succeeded"]);
  });

  it("opens only the account page until a required second factor is added", async () => {
    const { t } = s;
    const owner = await s.signedIn("owner");
    // Not before the owner has a factor: the rule would first shut them out of this very switch.
    const refused = await owner.put("/api/admin/staff/settings", { requireSecondFactor: true });
    expect(refused.status).toBe(409);
    expect(await t.services.staffSettings.requireSecondFactor()).toBe(false);
    await enrolTotp(t, owner);
    const turnedOn = await owner.put("/api/admin/staff/settings", { requireSecondFactor: true });
    expect(turnedOn.status).toBe(200);
    const ops = s.browser();
    expect(await (await ops.signIn("ops")).json()).toMatchObject({ mustEnrol: true });
    const reads = t.app.routes
      .filter((r) => r.method === "GET" && r.path.startsWith("/api/admin/") && !r.path.startsWith("/api/admin/account"))
      .map((r) => r.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "1"));
    expect(reads.length).toBeGreaterThan(5);
    for (const path of new Set(reads)) {
      const response = await ops.get(path);
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toMatchObject({ enrol: true });
    }
    const account = await ops.get("/api/admin/account");
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ mustEnrol: true, requireSecondFactor: true });
    await enrolTotp(t, ops);
    expect(await (await ops.get("/api/auth/session")).json()).toMatchObject({ mustEnrol: false });
    for (const path of new Set(reads)) {
      const response = await ops.get(path);
      expect(response.status === 403 && "enrol" in (await response.json()), path).toBe(false);
    }
    expect((await ops.get("/api/admin/contact-messages")).status).toBe(200);
    expect((await auditTrail(t)).find((e) => e.action === "settings.changed")).toMatchObject({
      actor: "owner",
      detail: { requireSecondFactor: true },
    });
  });
});
