// An owner aiming a status webhook at this server or its network:
// the metadata service, loopback in its spellings, a name resolving there,
// and the app's own port. The API refuses an address with 400 when the
// webhook is added; a delivery to one (a webhook added by name, or while
// private targets were allowed) fails for good and no request is made: the
// receiver and the app on loopback count none. With
// WEBHOOK_ALLOW_PRIVATE_TARGETS they are reached, the metadata service still
// not. An error answer's words never reach the outbox or the log.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import {
  useSubscriptionApp,
  withSubscriptionMailServer,
  withWebhookReceiver,
} from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const peer = withWebhookReceiver();

type App = ReturnType<typeof useSubscriptionApp>;
const METADATA = "http://169.254.169.254/latest/meta-data/iam/security-credentials/";
const LEAK = "AKIA-not-for-the-log root:x:0:0";

/** The app itself, listening on loopback, counting what reaches it. */
function serveApp(c: App) {
  let server: Server;
  const hits: string[] = [];
  beforeEach(async () => {
    hits.length = 0;
    const listener = getRequestListener(c.t.app.fetch);
    server = createServer((request, response) => {
      hits.push(request.url ?? "");
      void listener(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/status`, hits };
}

/** Where an owner may aim a webhook inside: each spelling of loopback, the app, the metadata service. */
const inside = (app: () => string) => {
  const port = new URL(peer.receiver.url).port;
  return [
    METADATA,
    `${peer.receiver.url}/hook`,
    `http://[::1]:${port}/hook`,
    `http://[::ffff:127.0.0.1]:${port}/hook`,
    `http://localhost:${port}/hook`,
    `http://0.0.0.0:${port}/hook`,
    "http://10.0.0.1/hook",
    app(),
  ];
};

const addWebhook = (c: App, url: string) =>
  c.staff("/api/admin/status/webhooks", { method: "POST", body: JSON.stringify({ customer: "Kunde A", url }) });

/** The API's incident failing, and staff's update on it posted: an event for every webhook. */
async function postedUpdate(c: App) {
  c.answers.api = "unhealthy";
  await c.round();
  const update = { state: "identified", titleEn: "Slow", titleDe: "Langsam", messageEn: "x", messageDe: "x" };
  expect((await c.postUpdate(await c.incidentOf("api"), update)).status).toBe(201);
}

async function webhookRows(c: App) {
  return c.t.services.database.db
    .selectFrom("outbox")
    .select(["channel", "status", "last_error"])
    .where("channel", "like", "status-webhook:%")
    .orderBy("channel")
    .execute();
}

describe.each(testDatabases())("status webhooks aimed inside on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);
  const app = serveApp(c);

  it("the API refuses each with 400 naming the url, and stores nothing", async () => {
    for (const url of inside(app.url)) {
      const response = await addWebhook(c, url);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields, url).toEqual({
        url: expect.stringMatching(/^url must not point at an? [a-z -']+$/),
      });
    }
    expect(await c.subscriptions().webhooks.list()).toEqual([]);
  });

  it("a delivery to each (by name, or added while allowed) fails for good, and no request is made", async () => {
    const urls = inside(app.url);
    for (const url of urls) await c.subscriptions().webhooks.add({ customer: "Kunde A", url, services: null }, "ops");
    await postedUpdate(c);
    await c.deliver();
    const rows = await webhookRows(c);
    expect(rows).toHaveLength(urls.length);
    for (const row of rows) {
      expect(row.status).toBe("failed");
      expect(row.last_error).toMatch(/^POST \S+: .+ is an? [a-z -']+: not a webhook's target$/);
    }
    expect(rows.map((row) => row.last_error).join("\n")).toContain("localhost (127.0.0.1) is a loopback address");
    expect(peer.receiver.received).toHaveLength(0);
    expect(app.hits).toEqual([]);
  });
});

describe.each(testDatabases())("status webhooks with private targets allowed on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open, { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });

  it("reach a receiver on loopback; the metadata service stays refused", async () => {
    expect((await addWebhook(c, `${peer.receiver.url}/hook`)).status).toBe(201);
    expect((await addWebhook(c, `http://localhost:${new URL(peer.receiver.url).port}/named`)).status).toBe(201);
    expect((await addWebhook(c, METADATA)).status).toBe(400);
    await c.subscriptions().webhooks.add({ customer: "Kunde B", url: METADATA, services: null }, "ops");
    await postedUpdate(c);
    await c.deliver();
    expect(peer.receiver.received.map((request) => request.path).sort()).toEqual(["/hook", "/named"]);
    expect((await webhookRows(c)).map((row) => [row.status, row.last_error])).toEqual([
      ["sent", null],
      ["sent", null],
      ["failed", "POST 169.254.169.254: 169.254.169.254 is a cloud metadata address: not a webhook's target"],
    ]);
  });

  it("an error answer's words reach neither the outbox nor the log", async () => {
    expect((await addWebhook(c, `${peer.receiver.url}/refuses`)).status).toBe(201);
    expect((await addWebhook(c, `${peer.receiver.url}/busy`)).status).toBe(201);
    peer.receiver.answer({ status: 400, body: JSON.stringify({ error: LEAK, description: LEAK, message: LEAK }) }, 1);
    peer.receiver.answer({ status: 503, body: LEAK }, 1);
    await postedUpdate(c);
    await c.deliver();
    expect(peer.receiver.received).toHaveLength(2);
    const rows = await webhookRows(c);
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "pending"]);
    for (const row of rows) expect(row.last_error).toMatch(/^POST 127\.0\.0\.1:\d+: HTTP (400|503)$/);
    // Both failures are logged, by their status.
    const failures = c.log.filter((line) => line.includes("delivery failed"));
    expect(failures.map((line) => (JSON.parse(line) as { err: string }).err).sort()).toEqual([
      expect.stringMatching(/: HTTP 400$/),
      expect.stringMatching(/: HTTP 503$/),
    ]);
    expect(c.log.join("")).not.toContain("AKIA");
  });
});
