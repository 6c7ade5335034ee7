// For the full-disk test: a small tmpfs as the data directory, the server's
// services on it (with an alert channel to a webhook receiver), served on
// loopback with the API and the two form pages, whose actions and headers are
// the real ones (contact.server.ts, status-subscribe.server.ts,
// retry-after.ts) and whose document is the action's answer as JSON.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "kysely";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { parseConfig } from "#server/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { createApp } from "#server/http/app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { createServices, type Services } from "#server/services.ts";
import { requestLanguage } from "#app/i18n/messages.server.ts";
import { submitContactForm } from "#app/routes/site/contact.server.ts";
import { retryAfterHeaders } from "#app/routes/site/retry-after.ts";
import { subscribe } from "#app/routes/site/status-subscribe.server.ts";

type PageAction = (args: { request: Request; context: never }) => Promise<unknown>;

const PAGES: Record<string, PageAction> = {
  "en/contact": ({ request, context }) => submitContactForm(request, context, requestLanguage(request)),
  "de/contact": ({ request, context }) => submitContactForm(request, context, requestLanguage(request)),
  "en/status/subscribe": ({ request, context }) => subscribe(request, context, requestLanguage(request)),
  "de/status/subscribe": ({ request, context }) => subscribe(request, context, requestLanguage(request)),
};

/** The form pages with their real actions; the document is the action's data as JSON, with the action's status. */
function formPages(): ServerBuild {
  const page = (path: string, action: PageAction) => ({
    id: path,
    parentId: "root",
    path,
    module: { default: () => null, action, headers: retryAfterHeaders },
  });
  const document = async (_request: Request, status: number, headers: Headers, context: unknown) => {
    const { actionData } = (context as { staticHandlerContext: { actionData: Record<string, unknown> | null } })
      .staticHandlerContext;
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(Object.values(actionData ?? {})[0] ?? null), { status, headers });
  };
  return {
    entry: { module: { default: document } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      ...Object.fromEntries(Object.entries(PAGES).map(([path, action]) => [path, page(path, action)])),
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    future: {},
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

function monitoringFor(hookUrl: string) {
  return parseMonitoringConfig(
    `alerts:
  to: ops@example.com
  channels:
    - { type: webhook, name: hook, url: "${hookUrl}" }
services:
  - { id: api, name: Api, public: true, hosts: { fra: { url: "http://fra.api.test/health" } } }
`,
    {},
  );
}

export type FullDiskApp = {
  origin: string;
  services: Services;
  handle: DatabaseHandle;
  stop: () => Promise<void>;
};

/** The server on `dataDir`, its staff alerts going to `hookUrl`. */
export async function startFullDiskApp(dataDir: string, hookUrl: string): Promise<FullDiskApp> {
  const handle = openDatabase({ dataDir });
  await migrate(handle);
  // As after a restart: the write-ahead log starts empty, so the next write needs new space.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  const config = parseConfig({
    DATA_DIR: dataDir,
    SITE_URL: "http://localhost",
    CONTACT_TO: "inbox@example.com",
    CONTACT_LIMIT_PER_IP: "0",
    CONTACT_LIMIT_GLOBAL: "0",
    CONTACT_MIN_FORM_AGE_MS: "0",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  });
  const monitoring = monitoringFor(hookUrl);
  const services = createServices({
    config,
    database: handle,
    logger: pino({ level: process.env.FULL_DISK_LOG ?? "silent" }),
    deliveryPollMs: 200,
    storageSettleMs: 500,
    monitoring: { config: () => monitoring, check: async () => ({ ok: true, ms: 1 }) as never },
  });
  services.alerting?.start();
  services.delivery?.start();
  const app = createApp({ build: async () => formPages(), mode: "test", services });
  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    handle,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      services.alerting?.stop();
      await services.delivery?.stop();
      await handle.close();
    },
  };
}
