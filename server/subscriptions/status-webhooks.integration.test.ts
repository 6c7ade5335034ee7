// Webhook subscribers, added through the staff API and called on a real HTTP
// receiver on loopback: signed JSON for the services they chose, retried when
// the receiver fails, dropped with the webhook, refused when the input is bad
// or the caller is not the owner.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Role } from "#shared/auth/permissions.ts";
import { browserHeaders, cookieFrom } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import {
  useSubscriptionApp,
  withSubscriptionMailServer,
  withWebhookReceiver,
} from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const peer = withWebhookReceiver();

const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};
/** The webhook alert channel's retry policy's first delay: status webhooks share it. */
const FIRST_RETRY_MS = 10_000;

type Webhook = { id: number; customer: string; url: string; services: string[] | null; secret: string };
type App = ReturnType<typeof useSubscriptionApp>;

async function addWebhook(c: App, body: Record<string, unknown>): Promise<Webhook> {
  const response = await c.staff("/api/admin/status/webhooks", { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { webhook: Webhook }).webhook;
}

const listedWebhooks = async (c: App) =>
  ((await (await c.staff("/api/admin/status/subscribers")).json()) as { webhooks: Webhook[] }).webhooks;

/** Rows still waiting for a webhook's lane. */
async function pendingFor(c: App, webhook: Webhook): Promise<number> {
  const rows = await c.t.services.database.db
    .selectFrom("outbox")
    .select("id")
    .where("channel", "=", `status-webhook:${webhook.id}`)
    .where("status", "=", "pending")
    .execute();
  return rows.length;
}

/** The API's incident failing, and staff's update on it posted. */
async function postedUpdate(c: App, body: Record<string, string> = UPDATE) {
  c.answers.api = "unhealthy";
  await c.round();
  expect((await c.postUpdate(await c.incidentOf("api"), body)).status).toBe(201);
}

describe.each(testDatabases())("status webhooks on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open, { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });

  it("an update reaches the chosen services' webhook as JSON signed with its secret; others get nothing", async () => {
    const api = await addWebhook(c, { customer: "Kunde A", url: `${peer.receiver.url}/hooks/a`, services: ["api"] });
    await addWebhook(c, { customer: "Kunde B", url: `${peer.receiver.url}/hooks/b`, services: ["shop"] });
    expect(api).toMatchObject({ customer: "Kunde A", services: ["api"] });
    expect(api.secret).toMatch(/^[0-9a-f]{40}$/);

    await postedUpdate(c);
    await c.postUpdate(await c.incidentOf("api"), { ...UPDATE, state: "monitoring", messageEn: "Nearly done." });
    await c.deliver();
    expect(peer.receiver.received.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/hooks/a"],
      ["POST", "/hooks/a"],
    ]);
    const [first, second] = peer.receiver.received;
    expect(first!.json).toMatchObject({
      event: "incident.opened",
      serviceIds: ["api"],
      services: [{ en: "Public API", de: "Öffentliche API" }],
      title: { en: "Slow answers", de: "Langsame Antworten" },
      message: { en: UPDATE.messageEn, de: UPDATE.messageDe },
      incident: { state: "identified", resolvedAt: null },
      url: { en: "https://status.example.com/en/status", de: "https://status.example.com/de/status" },
    });
    expect(second!.json).toMatchObject({ event: "incident.updated", message: { en: "Nearly done." } });
    for (const request of peer.receiver.received) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-notification-id"]).toMatch(new RegExp(`^status\\.\\d+\\.w${api.id}$`));
      const signature = createHmac("sha256", api.secret).update(request.body).digest("hex");
      expect(request.headers["x-signature-256"]).toBe(`sha256=${signature}`);
    }
    expect(first!.headers["x-notification-id"]).not.toBe(second!.headers["x-notification-id"]);
  });

  it("a receiver answering 503 gets the event again after the retry delay, and it is delivered once", async () => {
    const webhook = await addWebhook(c, { customer: "Kunde A", url: `${peer.receiver.url}/hook` });
    peer.receiver.answer({ status: 503, body: "busy" }, 1);
    await postedUpdate(c);
    await c.deliver();
    expect(peer.receiver.received).toHaveLength(1);
    c.t.advance(FIRST_RETRY_MS - 1_000);
    await c.deliver();
    expect(peer.receiver.received).toHaveLength(1); // not due yet
    c.t.advance(1_000);
    await c.deliver();
    for (const step of [1_000, 60_000, 60 * 60_000]) {
      c.t.advance(step);
      await c.deliver();
    }
    expect(peer.receiver.received).toHaveLength(2);
    const [failed, retried] = peer.receiver.received;
    expect(retried!.body).toBe(failed!.body);
    expect(retried!.headers["x-notification-id"]).toBe(failed!.headers["x-notification-id"]);
    expect(await pendingFor(c, webhook)).toBe(0);
  });

  it("deleting a webhook drops the events not sent to it yet", async () => {
    const webhook = await addWebhook(c, { customer: "Kunde A", url: `${peer.receiver.url}/hook` });
    peer.receiver.answer({ status: 503 });
    await postedUpdate(c);
    await c.postUpdate(await c.incidentOf("api"), { ...UPDATE, state: "monitoring" });
    await c.deliver();
    expect(peer.receiver.received).toHaveLength(1);
    expect(await pendingFor(c, webhook)).toBe(2);

    expect((await c.staff(`/api/admin/status/webhooks/${webhook.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await pendingFor(c, webhook)).toBe(0);
    expect(await listedWebhooks(c)).toEqual([]);
    expect((await c.staff(`/api/admin/status/webhooks/${webhook.id}`, { method: "DELETE" })).status).toBe(404);
    peer.receiver.answer({ status: 200 });
    c.t.advance(10 * 60_000);
    await c.deliver();
    expect(peer.receiver.received).toHaveLength(1);
  });

  it.each([
    ["an ftp URL", { customer: "Kunde A", url: "ftp://example.org/hook" }, "url"],
    ["no URL", { customer: "Kunde A" }, "url"],
    ["an empty customer", { customer: "  ", url: "https://example.org/hook" }, "customer"],
    ["a customer of two lines", { customer: "Kunde\nA", url: "https://example.org/hook" }, "customer"],
    ["no services chosen", { customer: "Kunde A", url: "https://example.org/hook", services: [] }, "services"],
    ["an unknown field", { customer: "Kunde A", url: "https://example.org/hook", secret: "mine" }, "body"],
  ])("%s gets 400 naming the field and stores nothing", async (_name, body, field) => {
    const response = await c.staff("/api/admin/status/webhooks", { method: "POST", body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual([field]);
    expect(await listedWebhooks(c)).toEqual([]);
  });

  it.each(["operator", "viewer"] satisfies Role[])("the %s may not see, add or delete webhooks", async (role) => {
    const password = "another horse battery staple";
    await c.t.services.staff.create(`${role}-1`, password, role);
    const signIn = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: `${role}-1`, password }),
    });
    expect(signIn.status).toBe(200);
    const as = (path: string, init: RequestInit = {}) =>
      c.t.app.request(`http://localhost${path}`, { ...init, headers: browserHeaders({ cookie: cookieFrom(signIn) }) });
    const body = JSON.stringify({ customer: "Kunde A", url: `${peer.receiver.url}/hook` });
    expect((await as("/api/admin/status/webhooks", { method: "POST", body })).status).toBe(403);
    expect((await as("/api/admin/status/subscribers")).status).toBe(403);
    expect(await listedWebhooks(c)).toEqual([]);
    const webhook = await addWebhook(c, { customer: "Kunde A", url: `${peer.receiver.url}/hook` });
    expect((await as(`/api/admin/status/webhooks/${webhook.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await listedWebhooks(c)).map((entry) => entry.id)).toEqual([webhook.id]);
  });
});
