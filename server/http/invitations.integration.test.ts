// Invitations against two owners at once, a mail relay, and a copy of the
// outbox: one address is one person (one pending invitation, one account,
// whatever runs at the same moment), and an invitation's link is gone from
// the outbox once its mail is sent or given up.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INVITATION_VALID_MS } from "#server/auth/invitations.ts";
import { migrate, MIGRATIONS } from "#server/db/migrate.ts";
import type { EmailMessage } from "#server/mail/smtp-sender.ts";
import { LINK_NOT_KEPT, STAFF_MAIL_CHANNEL } from "#server/mail/invitation-mail.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { createBrowser, type Browser } from "#tests/support/staff-browser.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";

const NEW_PASSWORD = "another long passphrase 7";
const ANNA = "anna@example.org";

/** An app whose mail goes to `sent` (or fails as `relay.fail` says), with two owners signed in. */
function useInvitingApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  const sent: EmailMessage[] = [];
  const relay: { fail?: Error; tried: EmailMessage[] } = { tried: [] };
  const owners: Browser[] = [];
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    sent.length = 0;
    relay.tried.length = 0;
    delete relay.fail;
    t = await createTestApp(
      db.handle,
      {},
      {
        send: async (message) => {
          relay.tried.push(message);
          if (relay.fail) throw relay.fail;
          sent.push(message);
        },
      },
    );
    owners.length = 0;
    for (const name of ["owner", "second-owner"]) {
      await t.services.staff.create(name, STAFF_PASSWORD, "owner");
      const browser = createBrowser(t);
      if ((await browser.signIn(name)).status !== 200) throw new Error(`sign-in as ${name}`);
      owners.push(browser);
    }
  });
  afterEach(() => cleanup());
  const outbox = () => t.services.database.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  return {
    get t() {
      return t;
    },
    sent,
    relay,
    owners,
    outbox,
    invite: (owner: Browser, email = ANNA) => owner.post("/api/admin/staff/invitations", { email, role: "operator" }),
    /** The token of the link in the newest invitation mail handed to the relay (sent at once, or tried). */
    async token() {
      await t.services.delivery!.runOnce();
      return /\/admin\/invitation#([A-Za-z0-9_-]{43})/.exec(relay.tried.at(-1)?.text ?? "")?.[1] ?? "";
    },
    /** An owner signed in afresh (after the clock moved past a session's life). */
    async freshOwner() {
      const browser = createBrowser(t);
      if ((await browser.signIn("owner")).status !== 200) throw new Error("sign-in as owner");
      return browser;
    },
  };
}

describe.each(testDatabases())("invitations on $dialect: one address, one person", ({ open }) => {
  const s = useInvitingApp(open);

  it("refuses an address without a domain with a 400 naming the e-mail field and its rule", async () => {
    const [owner] = s.owners as [Browser];
    const refused = await s.invite(owner, "carol@example");
    expect(refused.status).toBe(400);
    const rule = "E-mail: enter a full address such as carol@example.com";
    expect(await refused.json()).toEqual({ error: rule, fields: { email: rule } });
    const badRole = await owner.post("/api/admin/staff/invitations", { email: ANNA, role: "admin" });
    expect(await badRole.json()).toMatchObject({ error: "Role: choose one of owner, operator, viewer" });
    expect(await s.outbox()).toHaveLength(0);
    expect(await s.t.services.invitations.listOpen()).toHaveLength(0);
  });

  it("refuses a second invitation to an address with one pending, with a clear 409", async () => {
    const [owner, other] = s.owners as [Browser, Browser];
    expect((await s.invite(owner)).status).toBe(201);
    const token = await s.token();
    const again = await s.invite(other, "Anna@Example.org");
    expect(again.status).toBe(409);
    const pending = `An invitation to ${ANNA} is pending: withdraw it first to send a new one`;
    expect(await again.json()).toEqual({ error: pending, fields: { email: pending } });
    expect(await s.outbox()).toHaveLength(1);
    expect((await createBrowser(s.t).post("/api/auth/invitations/lookup", { token })).status).toBe(200);
  });

  it("makes one invitation of five sent to one address at the same moment", async () => {
    const statuses = await Promise.all(
      [...s.owners, ...s.owners, s.owners[0]!].map(async (owner) => (await s.invite(owner)).status),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await s.t.services.database.db.selectFrom("staff_invitations").selectAll().execute();
    expect(rows.map((row) => row.email)).toEqual([ANNA]);
    expect(await s.outbox()).toHaveLength(1);
  });

  it("lets an invitation that expired or was withdrawn make way for a new one", async () => {
    expect((await s.invite(s.owners[0]!)).status).toBe(201);
    s.t.advance(INVITATION_VALID_MS);
    const owner = await s.freshOwner();
    const second = await s.invite(owner);
    expect(second.status).toBe(201);
    const { invitation } = (await second.json()) as { invitation: { id: number } };
    expect((await owner.delete(`/api/admin/staff/invitations/${invitation.id}`)).status).toBe(204);
    expect((await s.invite(owner)).status).toBe(201);
  });

  it("refuses to accept once the address has an account, and makes one account of two accepts at once", async () => {
    const [owner] = s.owners as [Browser];
    await s.invite(owner);
    const token = await s.token();
    await s.t.services.staff.create("anna-sso", NEW_PASSWORD, "viewer", { email: ANNA });
    const guest = createBrowser(s.t);
    const refused = await guest.post("/api/auth/invitations/accept", {
      token,
      username: "anna",
      password: NEW_PASSWORD,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: `An account with the address ${ANNA} exists already` });
    expect(await s.t.services.staff.find("anna")).toBeUndefined();
    expect(guest.cookie("session")).toBeUndefined();
    expect((await s.invite(owner, "ANNA@example.org")).status).toBe(409);

    await s.invite(owner, "bernd@example.org");
    const link = await s.token();
    const accepts = await Promise.all(
      ["bernd", "bernd2", "bernd3"].map(async (username) => {
        const body = { token: link, username, password: NEW_PASSWORD };
        return (await createBrowser(s.t).post("/api/auth/invitations/accept", body)).status;
      }),
    );
    expect(accepts.sort()).toEqual([201, 404, 404]);
    const accounts = await s.t.services.staff.list();
    expect(accounts.filter((account) => account.email === "bernd@example.org")).toHaveLength(1);
  });
});

describe.each(testDatabases())("invitations on $dialect: the link is not kept", ({ open }) => {
  const s = useInvitingApp(open);

  it("mails the link, then keeps the mail without it", async () => {
    const [owner] = s.owners as [Browser];
    await s.invite(owner);
    const token = await s.token();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.sent.map((mail) => mail.to)).toEqual([ANNA]);
    expect(s.sent[0]!.text).toContain(`/admin/invitation#${token}`);
    const [row] = await s.outbox();
    expect(row).toMatchObject({ channel: STAFF_MAIL_CHANNEL, status: "sent", redacted_payload: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.parse(row!.payload)).toMatchObject({ to: ANNA, text: expect.stringContaining(LINK_NOT_KEPT) });
    // The link works: the mail carried it.
    const body = { token, username: "anna", password: NEW_PASSWORD };
    expect((await createBrowser(s.t).post("/api/auth/invitations/accept", body)).status).toBe(201);
  });

  it("drops the link of a mail the relay refuses for good, too", async () => {
    const [owner] = s.owners as [Browser];
    s.relay.fail = new DeliveryError("550 no such mailbox", { permanent: true });
    await s.invite(owner);
    const token = await s.token();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.sent).toEqual([]);
    const [row] = await s.outbox();
    expect(row).toMatchObject({ status: "failed", redacted_payload: null });
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe.each(testDatabases())("invitations on $dialect: migration 015 on older data", ({ open }) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it("keeps the newest of several pending invitations to one address and drops links of sent mail", async () => {
    const db = await open();
    cleanup = db.cleanup;
    const before = MIGRATIONS.findIndex((m) => m.name === "015-invitations-held-once");
    await migrate(db.handle, MIGRATIONS.slice(0, before));
    const invitation = (id: number, email: string, accepted: number | null) => ({
      id,
      token_hash: `hash-${id}`,
      email,
      role: "viewer",
      invited_by: "owner",
      created_at: id,
      expires_at: Date.now() + INVITATION_VALID_MS,
      accepted_at: accepted,
    });
    await db.handle.db
      .insertInto("staff_invitations")
      .values([
        invitation(1, ANNA, null),
        invitation(2, ANNA, null),
        invitation(3, ANNA, 5),
        invitation(4, "b@x", null),
      ])
      .execute();
    const mail = (status: "sent" | "pending", token: string) => ({
      kind: "staff-mail",
      channel: STAFF_MAIL_CHANNEL,
      payload: JSON.stringify({
        to: ANNA,
        subject: "Invitation",
        text: `Here:\nhttps://site/admin/invitation#${token}\n`,
      }),
      message_id: token,
      status,
      created_at: 1,
      next_attempt_at: 1,
    });
    await db.handle.db
      .insertInto("outbox")
      .values([mail("sent", "sent-token"), mail("pending", "pending-token")])
      .execute();
    await migrate(db.handle);
    const rows = await db.handle.db.selectFrom("staff_invitations").select("id").orderBy("id").execute();
    expect(rows.map((row) => row.id)).toEqual([2, 3, 4]);
    const payloads = (await db.handle.db.selectFrom("outbox").select("payload").orderBy("id").execute()).map(
      (row) => row.payload,
    );
    expect(payloads[0]).not.toContain("sent-token");
    expect(payloads[0]).toContain(LINK_NOT_KEPT);
    expect(payloads[1]).toContain("pending-token");
  });
});
