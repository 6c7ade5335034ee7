import { describe, expect, it } from "vitest";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { company } from "#shared/company.ts";
import { INVITATION_VALID_MS } from "#server/auth/invitations.ts";
import { THROTTLE_RULES } from "#server/auth/throttle.ts";
import { STAFF_MAIL_CHANNEL } from "#server/mail/invitation-mail.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { auditTrail, enrolTotp, useStaffApp, type Browser } from "#tests/support/staff-browser.ts";

const INVALID_INVITATION = staffText("en", "api.invitation.invalid");

const NEW_PASSWORD = "another long passphrase 7";

type App = ReturnType<typeof useStaffApp>;

/** The owner invites; returns the invitation and the token from the link in the queued mail. */
async function invite(s: App, owner: Browser, email = "anna.schmidt@example.org", role = "operator") {
  const response = await owner.post("/api/admin/staff/invitations", { email, role });
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${await response.text()}`);
  const { invitation } = (await response.json()) as { invitation: { id: number; email: string; expiresAt: number } };
  const mails = await s.t.services.database.db.selectFrom("outbox").select(["channel", "payload"]).execute();
  const payload = JSON.parse(mails.at(-1)!.payload) as { to: string; text: string };
  const link = `${s.t.services.config.SITE_URL}/admin/invitation#`;
  const token =
    payload.text
      .split("\n")
      .find((line) => line.startsWith(link))
      ?.slice(link.length) ?? "";
  return { invitation, token, mail: { channel: mails.at(-1)!.channel, ...payload } };
}

describe.each(testDatabases())("the team on $dialect: invitations", ({ open }) => {
  const s = useStaffApp(open);

  it("mails a one-time link that creates the account with its role and signs in", async () => {
    const { t } = s;
    const owner = await s.signedIn("owner");
    const { invitation, token, mail } = await invite(s, owner);
    expect(invitation).toMatchObject({
      email: "anna.schmidt@example.org",
      expiresAt: t.clock.now + INVITATION_VALID_MS,
    });
    expect(mail).toMatchObject({ channel: STAFF_MAIL_CHANNEL, to: "anna.schmidt@example.org" });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await (await owner.get("/api/admin/staff")).json()).toMatchObject({ invitations: [{ id: invitation.id }] });

    const guest = s.browser();
    const lookup = await guest.post("/api/auth/invitations/lookup", { token });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({
      email: "anna.schmidt@example.org",
      role: "operator",
      expiresAt: invitation.expiresAt,
      suggestedUsername: "anna.schmidt",
    });
    const accepted = await guest.post("/api/auth/invitations/accept", {
      token,
      username: "anna",
      password: NEW_PASSWORD,
    });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ user: { username: "anna", role: "operator" } });
    expect(await (await guest.get("/api/auth/session")).json()).toMatchObject({ user: { role: "operator" } });
    expect(await t.services.staff.find("anna")).toMatchObject({ email: "anna.schmidt@example.org" });

    const again = s.browser();
    expect((await again.post("/api/auth/invitations/lookup", { token })).status).toBe(404);
    const second = await again.post("/api/auth/invitations/accept", {
      token,
      username: "anna2",
      password: NEW_PASSWORD,
    });
    expect(second.status).toBe(404);
    expect(await second.json()).toEqual({ error: INVALID_INVITATION });
    expect(again.cookie("session")).toBeUndefined();
    expect(await t.services.staff.find("anna2")).toBeUndefined();

    const trail = await auditTrail(t);
    expect(trail.find((e) => e.action === "invitation.sent")).toMatchObject({
      actor: "owner",
      target: "anna.schmidt@example.org",
      detail: { role: "operator" },
    });
    expect(trail.find((e) => e.action === "invitation.accepted")).toMatchObject({ actor: "anna" });
    expect(trail.at(-1)).toMatchObject({
      action: "sign-in.succeeded",
      actor: "anna",
      detail: { method: "invitation" },
    });
  });

  it("takes a link until 24 hours are over, and none withdrawn", async () => {
    const { t } = s;
    const owner = await s.signedIn("owner");
    const expiring = await invite(s, owner);
    const withdrawn = await invite(s, owner, "bernd@example.org", "viewer");
    expect((await owner.delete(`/api/admin/staff/invitations/${withdrawn.invitation.id}`)).status).toBe(204);
    expect((await owner.delete(`/api/admin/staff/invitations/${withdrawn.invitation.id}`)).status).toBe(404);
    const guest = s.browser();
    expect((await guest.post("/api/auth/invitations/lookup", { token: withdrawn.token })).status).toBe(404);
    t.advance(INVITATION_VALID_MS - 1);
    expect((await guest.post("/api/auth/invitations/lookup", { token: expiring.token })).status).toBe(200);
    t.advance(2);
    expect((await guest.post("/api/auth/invitations/lookup", { token: expiring.token })).status).toBe(404);
    const body = { token: expiring.token, username: "anna", password: NEW_PASSWORD };
    expect((await guest.post("/api/auth/invitations/accept", body)).status).toBe(404);
    expect(await t.services.staff.find("anna")).toBeUndefined();
    expect((await auditTrail(t)).find((e) => e.action === "invitation.withdrawn")).toMatchObject({
      target: "bernd@example.org",
    });
  });

  it("names the field of a weak password or a taken username, and the link still works", async () => {
    const owner = await s.signedIn("owner");
    const { token } = await invite(s, owner);
    const guest = s.browser();
    const cases = [
      { username: "anna", password: "password", field: "password" },
      { username: "anna", password: "anna-and-a-long-password", field: "password" },
      { username: "ops", password: NEW_PASSWORD, field: "username" },
      { username: "-anna", password: NEW_PASSWORD, field: "username" },
    ];
    for (const { field, ...body } of cases) {
      const refused = await guest.post("/api/auth/invitations/accept", { token, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await refused.json()) as { fields: object }).fields)).toEqual([field]);
    }
    expect(guest.cookie("session")).toBeUndefined();
    expect((await guest.post("/api/auth/invitations/lookup", { token })).status).toBe(200);
    const body = { token, username: "anna", password: NEW_PASSWORD };
    expect((await guest.post("/api/auth/invitations/accept", body)).status).toBe(201);
  });
});

describe.each(testDatabases())("the team on $dialect: invitations refused", ({ open }) => {
  const s = useStaffApp(open);

  it("refuses an invitation to the address of an account that exists, and queues nothing", async () => {
    const owner = await s.signedIn("owner");
    // "ops" has no address of its own: its sign-in form at the staff domain is taken all the same.
    const address = `ops@${company.staffEmailDomain}`;
    const response = await owner.post("/api/admin/staff/invitations", { email: address.toUpperCase(), role: "viewer" });
    expect(response.status).toBe(409);
    const taken = `An account with the address ${address} exists already`;
    expect(await response.json()).toEqual({ error: taken, fields: { email: taken } });
    expect(await s.t.services.database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it.each([
    { body: { email: "not-an-email", role: "viewer" }, fields: ["email"] },
    { body: { email: "anna@example.org", role: "admin" }, fields: ["role"] },
    { body: { role: "viewer" }, fields: ["email"] },
    { body: {}, fields: ["email", "role"] },
  ])("refuses $body with 400 naming $fields and queues nothing", async ({ body, fields }) => {
    const owner = await s.signedIn("owner");
    const response = await owner.post("/api/admin/staff/invitations", body);
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fields: object }).fields).sort()).toEqual(fields);
    const db = s.t.services.database.db;
    expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("staff_invitations").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabases())("the team on $dialect: roles, access and factors", ({ open }) => {
  const s = useStaffApp(open);

  it("changes a role, disables (ending the sessions at once) and enables an account", async () => {
    const { t } = s;
    const owner = await s.signedIn("owner");
    const ops = await s.signedIn("ops");
    const role = await owner.post("/api/admin/staff/ops/role", { role: "viewer" });
    expect(role.status).toBe(200);
    expect(await role.json()).toMatchObject({ user: { username: "ops", role: "viewer" } });
    expect(await (await ops.get("/api/auth/session")).json()).toMatchObject({ user: { role: "viewer" } });
    expect((await owner.post("/api/admin/staff/ops/role", { role: "admin" })).status).toBe(400);
    expect((await owner.post("/api/admin/staff/nobody/role", { role: "viewer" })).status).toBe(404);

    const disabled = await owner.post("/api/admin/staff/ops/disable");
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ user: { username: "ops", disabled: true } });
    expect((await ops.get("/api/auth/session")).status).toBe(401);
    expect((await s.browser().signIn("ops")).status).toBe(401);
    expect((await owner.post("/api/admin/staff/ops/enable")).status).toBe(200);
    expect((await ops.get("/api/auth/session")).status).toBe(401);
    expect((await s.browser().signIn("ops")).status).toBe(200);

    const trail = (await auditTrail(t)).filter((e) => e.action.startsWith("staff."));
    expect(trail.map((e) => [e.action, e.actor, e.target, e.detail])).toEqual([
      ["staff.role-changed", "owner", "ops", { role: "viewer" }],
      ["staff.disabled", "owner", "ops", null],
      ["staff.enabled", "owner", "ops", null],
    ]);
  });

  it("resets an account's factors: factors, recovery codes and sessions are gone", async () => {
    const { t } = s;
    const owner = await s.signedIn("owner");
    const ops = await s.signedIn("ops");
    await enrolTotp(t, ops);
    const id = await s.userId("ops");
    expect(await (await owner.get("/api/admin/staff")).json()).toMatchObject({
      staff: expect.arrayContaining([expect.objectContaining({ username: "ops", factors: 1 })]),
    });
    expect((await owner.post("/api/admin/staff/ops/reset-factors")).status).toBe(200);
    expect(await t.services.factors.count(id)).toBe(0);
    expect(await t.services.recoveryCodes.remaining(id)).toBe(0);
    expect((await ops.get("/api/auth/session")).status).toBe(401);
    expect(await (await s.browser().signIn("ops")).json()).toMatchObject({ user: { username: "ops" } });
    expect((await auditTrail(t)).find((e) => e.action === "staff.factors-reset")).toMatchObject({
      actor: "owner",
      target: "ops",
    });
  });

  it.each([
    { change: "demoting the only owner", path: "owner/role", body: { role: "viewer" }, boss: "none" },
    { change: "disabling oneself", path: "owner/disable", body: {}, boss: "enabled" },
    { change: "disabling oneself by another spelling", path: "OWNER/disable", body: {}, boss: "enabled" },
    { change: "demoting the only enabled owner", path: "owner/role", body: { role: "operator" }, boss: "disabled" },
  ])("refuses $change with 409", async ({ path, body, boss }) => {
    const { t } = s;
    if (boss !== "none") await t.services.staff.create("boss", STAFF_PASSWORD, "owner");
    if (boss === "disabled") await t.services.staff.disable("boss");
    const owner = await s.signedIn("owner");
    const response = await owner.post(`/api/admin/staff/${path}`, body);
    expect(response.status).toBe(409);
    expect(await t.services.staff.find("owner")).toMatchObject({ role: "owner", disabled: false });
    expect((await owner.get("/api/auth/session")).status).toBe(200);
  });

  it("lets an owner step down when another owner remains", async () => {
    await s.t.services.staff.create("boss", STAFF_PASSWORD, "owner");
    const owner = await s.signedIn("owner");
    expect((await owner.post("/api/admin/staff/owner/role", { role: "viewer" })).status).toBe(200);
    expect((await owner.get("/api/admin/staff")).status).toBe(403);
  });

  it("refuses an operator every /api/admin/staff route", async () => {
    const { t } = s;
    const ops = await s.signedIn("ops");
    const routes = t.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/staff"));
    expect(routes.length).toBeGreaterThan(6);
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, route.path.includes("username") ? "owner" : "1");
      const body = { role: "operator", email: "x@example.org", requireSecondFactor: true };
      const response = await ops.send(route.method, path, route.method === "GET" ? undefined : body);
      expect(response.status, `${route.method} ${path}`).toBe(403);
    }
    expect(await t.services.staff.find("owner")).toMatchObject({ role: "owner", disabled: false });
    expect(await t.services.staffSettings.requireSecondFactor()).toBe(false);
  });
});

describe.each(testDatabases())("the team on $dialect: one's own account", ({ open }) => {
  const s = useStaffApp(open);

  it("changes the password with the current one, ending the other sessions but this one", async () => {
    const { t } = s;
    const laptop = await s.signedIn("ops", "Laptop Firefox");
    const phone = await s.signedIn("ops", "Phone Safari");
    const wrong = await laptop.post("/api/admin/account/password", { current: "not it at all", next: NEW_PASSWORD });
    expect(wrong.status).toBe(401);
    const weak = await laptop.post("/api/admin/account/password", { current: STAFF_PASSWORD, next: "password" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ fields: { next: expect.any(String) } });
    expect((await phone.get("/api/auth/session")).status).toBe(200);
    const changed = await laptop.post("/api/admin/account/password", { current: STAFF_PASSWORD, next: NEW_PASSWORD });
    expect(changed.status).toBe(204);
    expect((await laptop.get("/api/auth/session")).status).toBe(200);
    expect((await phone.get("/api/auth/session")).status).toBe(401);
    expect((await s.browser().signIn("ops", STAFF_PASSWORD)).status).toBe(401);
    expect((await s.browser().signIn("ops", NEW_PASSWORD)).status).toBe(200);
    const trail = await auditTrail(t);
    expect(trail.find((e) => e.action === "password.changed")).toMatchObject({
      actor: "ops",
      detail: { sessionsEnded: 1 },
    });
    expect(trail.find((e) => e.action === "sign-in.failed")).toMatchObject({ actor: null, target: "ops" });
  });

  it("counts wrong current passwords in the sign-in throttle", async () => {
    const laptop = await s.signedIn("ops");
    const device = THROTTLE_RULES["sign-in:device"];
    for (let attempt = 1; attempt <= device.free + 1; attempt += 1) {
      const response = await laptop.post("/api/admin/account/password", {
        current: `guess ${attempt}`,
        next: NEW_PASSWORD,
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await laptop.post("/api/admin/account/password", { current: STAFF_PASSWORD, next: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe(String(device.baseDelayMs / 1000));
    s.t.advance(device.baseDelayMs);
    const changed = await laptop.post("/api/admin/account/password", { current: STAFF_PASSWORD, next: NEW_PASSWORD });
    expect(changed.status).toBe(204);
  });

  it("lists the sessions with their browsers, and ends the others", async () => {
    const { t } = s;
    const laptop = await s.signedIn("ops", "Laptop Firefox");
    t.advance(1000);
    const phone = await s.signedIn("ops", "Phone Safari");
    await s.signedIn("owner", "Owner's browser");
    const sessions = async (browser: Browser) =>
      ((await (await browser.get("/api/admin/account")).json()) as { sessions: object[] }).sessions;
    const listed = await sessions(laptop);
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        current: false,
        createdAt: t.clock.now,
        lastSeenAt: t.clock.now,
        userAgent: "Phone Safari",
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        current: true,
        createdAt: t.clock.now - 1000,
        lastSeenAt: t.clock.now - 1000,
        userAgent: "Laptop Firefox",
      },
    ]);
    expect(await sessions(phone)).toMatchObject([{ current: true }, { current: false }]);
    const ended = await laptop.post("/api/admin/account/sessions/end-others");
    expect(await ended.json()).toEqual({ ended: 1 });
    expect((await phone.get("/api/auth/session")).status).toBe(401);
    expect(await sessions(laptop)).toMatchObject([{ current: true, userAgent: "Laptop Firefox" }]);
    expect((await auditTrail(t)).find((e) => e.action === "sessions.ended-others")).toMatchObject({
      actor: "ops",
      detail: { ended: 1 },
    });
  });
});
