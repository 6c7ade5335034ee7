import { expect, test, type Page } from "@playwright/test";
// The environment and the counting both alerting specs share: a production server
// checking the quiet demo fleet, a real SMTP server and a real webhook receiver on
// loopback, and what each channel received.
import type { ChannelConfig } from "#server/alerting/channels/registry.ts";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { parseMail } from "#tests/peers/mail-server.ts";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

export const INTERVAL_S = 5;
export const WEBHOOK = "ops-webhook";
/** Waiting for a check cycle, its notice and its delivery, with room for a loaded machine. */
export const NOTICE_WAIT_MS = 45_000;

export type Env = Awaited<ReturnType<typeof startDashboardEnv>>;
export type Setup = { env: Env; receiver: HttpReceiver };
export type Told = {
  channel: "email" | "webhook";
  title: string;
  event: string | null;
  notificationId: string | null;
  at: string | null;
};
export type Notice = { kind: string; channel: string; delivery: string; attempts: number };
export type Incident = { name: string; test: boolean; suppressedAt: string | null; notices: Notice[] };

/**
 * The environment of one describe block: started before its first test in a
 * worker, stopped after its last. Other specs that may run meanwhile hold
 * all but one of the ports reserved for the project's servers, and there are
 * two environments here: each takes a port the kernel says is free.
 */
export function alertingEnv(): Setup {
  const setup = {} as Setup;
  test.beforeAll(async () => {
    setup.receiver = await startHttpReceiver();
    const channels: ChannelConfig[] = [
      { type: "email", name: "email", to: "ops@example.com" },
      { type: "webhook", name: WEBHOOK, url: setup.receiver.url },
    ];
    setup.env = await startDashboardEnv(await freePort(), {
      quiet: true,
      intervalSeconds: INTERVAL_S,
      integrationIntervalSeconds: INTERVAL_S,
      channels,
      // The webhook's receiver is on loopback.
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    });
  });
  test.afterAll(async () => {
    await setup.env?.stop();
    await setup.receiver?.close();
  });
  return setup;
}

/** Everything both channels received so far, each channel in order of arrival. */
export function told({ env, receiver }: Setup): Told[] {
  const mails = env.mail.received.map((mail): Told => ({
    channel: "email",
    title: parseMail(mail.raw).headers.subject ?? "",
    event: null,
    notificationId: null,
    at: null,
  }));
  const hooks = receiver.received.map((request): Told => {
    const body = (request.json ?? {}) as { title?: string; event?: string; at?: string };
    const id = request.headers["x-notification-id"];
    return {
      channel: "webhook",
      title: body.title ?? "",
      event: body.event ?? null,
      notificationId: typeof id === "string" ? id : null,
      at: body.at ?? null,
    };
  });
  return [...mails, ...hooks];
}

/** How many notices with a matching title each channel received: a failed expectation shows both counts. */
export function perChannel(setup: Setup, match: (title: string) => boolean): { email: number; webhook: number } {
  const matching = told(setup).filter((notice) => match(notice.title));
  return {
    email: matching.filter((notice) => notice.channel === "email").length,
    webhook: matching.filter((notice) => notice.channel === "webhook").length,
  };
}

export const titled = (title: string) => (candidate: string) => candidate === title;
/** Any notice about a group ("[ALERT] Mail relay ...", "[RESOLVED] Mail relay ..."). */
export const about = (group: string) => (candidate: string) =>
  /^\[[A-Z]+\] /.test(candidate) && candidate.replace(/^\[[A-Z]+\] /, "").startsWith(`${group} `);

export function webhookNotices(setup: Setup, match: (title: string) => boolean): Told[] {
  return told(setup).filter((notice) => notice.channel === "webhook" && match(notice.title));
}

export async function openDashboard(page: Page, env: Env) {
  await signInToDashboard(page, env.origin);
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 20_000 });
}

/** An open incident in the dashboard's Active alerts, by its target's name. */
export const activeAlert = (page: Page, name: string) =>
  page.getByTestId("active-alerts").locator("li[data-incident]").filter({ hasText: name });

/** The newest incident of a target, with its notices, from the history API. */
export async function incidentOf(page: Page, env: Env, name: string): Promise<Incident | undefined> {
  const response = await page.request.get(`${env.origin}/api/admin/alerts`);
  expect(response.ok()).toBe(true);
  const { incidents } = (await response.json()) as { incidents: Incident[] };
  return incidents.find((incident) => incident.name === name && !incident.test);
}

/** Resolves once a check cycle that began at or after `since` has finished. */
export async function waitForCycleAfter(page: Page, env: Env, since: number) {
  await expect
    .poll(
      async () => {
        const { lastCheckedAt } = (await (await page.request.get(`${env.origin}/api/admin/services`)).json()) as {
          lastCheckedAt: string | null;
        };
        return lastCheckedAt ? Date.parse(lastCheckedAt) : 0;
      },
      { timeout: NOTICE_WAIT_MS, message: "a check cycle that began after the resolution" },
    )
    .toBeGreaterThanOrEqual(since);
}

export const deliveries = (incident: Incident | undefined) =>
  (incident?.notices ?? []).map((notice) => `${notice.kind} on ${notice.channel}: ${notice.delivery}`);
