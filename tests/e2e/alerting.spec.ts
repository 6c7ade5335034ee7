// Alerts an operator can trust, end to end: the production server checks the
// quiet demo fleet every 5 s and sends its notices to a real SMTP server and a
// real webhook receiver on loopback; the tests stop and start services and
// peers and count what arrives, and look at the dashboard in a browser.
//
// Two environments run side by side, each with its tests in order (a failure
// gives the next test a fresh environment, it never skips it): the receiver's
// outage and the maintenance minute each take over a minute, and one after the
// other they would double the wall time. Each test stops a service of its own,
// so what one leaves open or cooling down never changes another's count.
// Notices about other targets (the demo's expiring certificates, the HAProxy
// server ai-local that is always DOWN) arrive too: they are told apart by title.
import { expect, test, type Page } from "@playwright/test";
import type { ChannelConfig } from "#server/alerting/channels/registry.ts";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { parseMail } from "#tests/peers/mail-server.ts";
import { freePort } from "#tests/peers/ports.ts";
import { DASHBOARD_USER, holdNextRequest, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

const INTERVAL_S = 5;
const WEBHOOK = "ops-webhook";
/** Waiting for a check cycle, its notice and its delivery, with room for a loaded machine. */
const NOTICE_WAIT_MS = 45_000;

type Env = Awaited<ReturnType<typeof startDashboardEnv>>;
type Setup = { env: Env; receiver: HttpReceiver };
type Told = {
  channel: "email" | "webhook";
  title: string;
  event: string | null;
  notificationId: string | null;
  at: string | null;
};
type Notice = { kind: string; channel: string; delivery: string; attempts: number };
type Incident = { name: string; test: boolean; suppressedAt: string | null; notices: Notice[] };

/**
 * The environment of one describe block: started before its first test in a
 * worker, stopped after its last. Other specs that may run meanwhile hold
 * all but one of the ports reserved for the project's servers, and there are
 * two environments here: each takes a port the kernel says is free.
 */
function alertingEnv(): Setup {
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
    });
  });
  test.afterAll(async () => {
    await setup.env?.stop();
    await setup.receiver?.close();
  });
  return setup;
}

/** Everything both channels received so far, each channel in order of arrival. */
function told({ env, receiver }: Setup): Told[] {
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
function perChannel(setup: Setup, match: (title: string) => boolean): { email: number; webhook: number } {
  const matching = told(setup).filter((notice) => match(notice.title));
  return {
    email: matching.filter((notice) => notice.channel === "email").length,
    webhook: matching.filter((notice) => notice.channel === "webhook").length,
  };
}

const titled = (title: string) => (candidate: string) => candidate === title;
/** Any notice about a group ("[ALERT] Mail relay ...", "[RESOLVED] Mail relay ..."). */
const about = (group: string) => (candidate: string) =>
  /^\[[A-Z]+\] /.test(candidate) && candidate.replace(/^\[[A-Z]+\] /, "").startsWith(`${group} `);

function webhookNotices(setup: Setup, match: (title: string) => boolean): Told[] {
  return told(setup).filter((notice) => notice.channel === "webhook" && match(notice.title));
}

async function openDashboard(page: Page, env: Env) {
  await signInToDashboard(page, env.origin);
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 20_000 });
}

/** An open incident in the dashboard's Active alerts, by its target's name. */
const activeAlert = (page: Page, name: string) =>
  page.getByTestId("active-alerts").locator("li[data-incident]").filter({ hasText: name });

/** The newest incident of a target, with its notices, from the history API. */
async function incidentOf(page: Page, env: Env, name: string): Promise<Incident | undefined> {
  const response = await page.request.get(`${env.origin}/api/admin/alerts`);
  expect(response.ok()).toBe(true);
  const { incidents } = (await response.json()) as { incidents: Incident[] };
  return incidents.find((incident) => incident.name === name && !incident.test);
}

/** Resolves once a check cycle that began at or after `since` has finished. */
async function waitForCycleAfter(page: Page, env: Env, since: number) {
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

const deliveries = (incident: Incident | undefined) =>
  (incident?.notices ?? []).map((notice) => `${notice.kind} on ${notice.channel}: ${notice.delivery}`);

/** Started again: one resolution per channel, and a further cycle adds nothing. */
async function expectMailRelayResolvedOnce(page: Page, setup: Setup) {
  const { env } = setup;
  await expect
    .poll(() => perChannel(setup, titled("[RESOLVED] Mail relay is healthy again (centron)")), {
      timeout: NOTICE_WAIT_MS,
    })
    .toEqual({ email: 1, webhook: 1 });
  // A further cycle adds nothing: no second opening, resolution or reminder, queued or sent.
  await waitForCycleAfter(page, env, Date.now());
  await expect
    .poll(async () => deliveries(await incidentOf(page, env, "Mail relay on centron")))
    .toEqual([
      "opened on email: sent",
      `opened on ${WEBHOOK}: sent`,
      "resolved on email: sent",
      `resolved on ${WEBHOOK}: sent`,
    ]);
  expect(perChannel(setup, about("Mail relay"))).toEqual({ email: 2, webhook: 2 });
  expect(webhookNotices(setup, about("Mail relay")).map((notice) => notice.event)).toEqual([
    "incident.opened",
    "incident.resolved",
  ]);
  await page.reload();
  await expect(page.getByTestId("active-alerts")).toBeVisible();
  await expect(activeAlert(page, "Mail relay on centron")).toHaveCount(0);
}

/** Google Trends fails and recovers while the webhook is down: e-mail hears at once, the webhook's notices wait. */
async function expectGoogleTrendsToldOnEmailOnly(page: Page, setup: Setup) {
  const { env } = setup;
  env.fleet.setStopped("google-trends/local", true);
  try {
    // The e-mail channel is a lane of its own: it does not wait for the webhook.
    await expect
      .poll(() => perChannel(setup, titled("[ALERT] Google Trends is unhealthy (local)")).email, {
        timeout: NOTICE_WAIT_MS,
      })
      .toBe(1);
  } finally {
    env.fleet.setStopped("google-trends/local", false);
  }
  await expect
    .poll(() => perChannel(setup, titled("[RESOLVED] Google Trends is healthy again (local)")).email, {
      timeout: NOTICE_WAIT_MS,
    })
    .toBe(1);
  // Down through three attempts (about 0, 10 and 30 s after the opening): the resolution waits behind the opening,
  // untried.
  await expect
    .poll(
      async () =>
        (await incidentOf(page, env, "Google Trends on local"))?.notices.find(
          (notice) => notice.kind === "opened" && notice.channel === WEBHOOK,
        )?.attempts ?? 0,
      {
        timeout: 90_000,
        message: "the webhook's opening notice refused three times",
      },
    )
    .toBeGreaterThanOrEqual(3);
  const waiting = (await incidentOf(page, env, "Google Trends on local"))!.notices.filter(
    (notice) => notice.channel === WEBHOOK,
  );
  expect(waiting.map(({ kind, delivery }) => ({ kind, delivery }))).toEqual([
    { kind: "opened", delivery: "pending" },
    { kind: "resolved", delivery: "pending" },
  ]);
  expect(waiting[1]!.attempts).toBe(0);
}

/** Started again: each resolves, once per channel, and leaves Active alerts. */
async function expectPeersResolved(page: Page, setup: Setup, targets: { name: string; opened: string }[]) {
  for (const target of targets) {
    await expect
      .poll(() => perChannel(setup, titled(`[RESOLVED] ${target.name} is healthy again`)), {
        timeout: NOTICE_WAIT_MS,
        message: target.name,
      })
      .toEqual({ email: 1, webhook: 1 });
    expect(perChannel(setup, about(target.name)), target.name).toEqual({ email: 2, webhook: 2 });
  }
  await page.reload();
  await expect(page.getByTestId("active-alerts")).toBeVisible();
  for (const target of targets) await expect(activeAlert(page, target.name)).toHaveCount(0);
  // HAProxy's servers were not read while it was down: ai-local's incident stayed open, and was not opened again.
  await expect(activeAlert(page, "ai/ai-local")).toHaveCount(1);
  expect(perChannel(setup, titled("[ALERT] HAProxy backend ai has a server down (ai-local)"))).toEqual({
    email: 1,
    webhook: 1,
  });
}

test.describe("notices on every channel", () => {
  test.describe.configure({ mode: "default" });
  const setup = alertingEnv();

  test(
    "a stopped service gives one failure notice per channel and an " +
      "active alert; started again, one resolution per channel",
    async ({ page }) => {
      test.setTimeout(150_000);
      const { env } = setup;
      await openDashboard(page, env);
      // One host: a service's hosts are checked moments apart, so a stop or a start between their checks would split
      // its
      // notices in two.
      env.fleet.setStopped("mail-relay/centron", true);
      try {
        await expect
          .poll(() => perChannel(setup, titled("[ALERT] Mail relay is unhealthy (centron)")), {
            timeout: NOTICE_WAIT_MS,
          })
          .toEqual({ email: 1, webhook: 1 });
        expect(webhookNotices(setup, about("Mail relay")).map((notice) => notice.event)).toEqual(["incident.opened"]);
        await page.reload();
        await expect(activeAlert(page, "Mail relay on centron")).toContainText("is unhealthy");
        await expect(activeAlert(page, "Mail relay on centron")).toContainText("HTTP 503");
      } finally {
        env.fleet.setStopped("mail-relay/centron", false);
      }

      await expectMailRelayResolvedOnce(page, setup);
    },
  );

  test(
    "a webhook receiver that was down gets what was queued " + "meanwhile once it is back, once each and in order",
    async ({ page }) => {
      test.setTimeout(180_000);
      const { env, receiver } = setup;
      await openDashboard(page, env);
      const before = webhookNotices(setup, () => true).length;
      await receiver.down();
      try {
        await expectGoogleTrendsToldOnEmailOnly(page, setup);
      } finally {
        await receiver.up();
      }

      // The next retry (40 s after the third) delivers the backlog.
      await expect.poll(() => webhookNotices(setup, about("Google Trends")).length, { timeout: 90_000 }).toBe(2);
      await expect
        .poll(async () =>
          deliveries(await incidentOf(page, env, "Google Trends on local")).filter((line) => line.includes(WEBHOOK)),
        )
        .toEqual([`opened on ${WEBHOOK}: sent`, `resolved on ${WEBHOOK}: sent`]);
      const backlog = webhookNotices(setup, about("Google Trends"));
      expect(backlog.map((notice) => notice.event)).toEqual(["incident.opened", "incident.resolved"]);
      const ids = webhookNotices(setup, () => true)
        .slice(before)
        .map((notice) => notice.notificationId);
      expect(ids).not.toContain(null);
      expect(new Set(ids).size, "every request since the outage began is a different notice").toBe(ids.length);
      expect(perChannel(setup, about("Google Trends"))).toEqual({ email: 2, webhook: 2 });
    },
  );

  test(
    "nginx, HAProxy and Ollama stopped: an incident each, active and " +
      "told on both channels; started again, each resolves",
    async ({ page }) => {
      test.setTimeout(150_000);
      const { env } = setup;
      const peers = ["nginx", "haproxy", "ollama"] as const;
      // "ollama" stops both simulated Ollama servers.
      const targets = [
        { name: "nginx Reverse proxy (centron)", opened: "does not answer" },
        { name: "HAProxy stats source", opened: "cannot be read" },
        { name: "AI service Ollama (centron)", opened: "is unhealthy" },
        { name: "AI service Ollama (local)", opened: "is unhealthy" },
      ];
      await openDashboard(page, env);
      for (const peer of peers) env.fleet.setStopped(peer, true);
      try {
        for (const target of targets) {
          await expect
            .poll(() => perChannel(setup, titled(`[ALERT] ${target.name} ${target.opened}`)), {
              timeout: NOTICE_WAIT_MS,
              message: target.name,
            })
            .toEqual({ email: 1, webhook: 1 });
        }
        await page.reload();
        for (const target of targets) await expect(activeAlert(page, target.name)).toContainText(target.opened);
      } finally {
        for (const peer of peers) env.fleet.setStopped(peer, false);
      }

      await expectPeersResolved(page, setup, targets);
    },
  );
});

/** Wordcloud generation fails during maintenance: held back, and told once the estimate runs out. */
async function expectWordcloudHeldThenTold(page: Page, setup: Setup) {
  const { env } = setup;
  env.fleet.setStopped("wordcloud-generation/centron", true);
  try {
    // Its incident opens, held back: Active alerts says so, and no channel hears of it.
    await expect
      .poll(async () => (await incidentOf(page, env, "Wordcloud generation on centron"))?.suppressedAt ?? null, {
        timeout: NOTICE_WAIT_MS,
      })
      .not.toBeNull();
    await page.reload();
    await expect(activeAlert(page, "Wordcloud generation on centron")).toContainText("held by maintenance");
    expect(perChannel(setup, about("Wordcloud generation"))).toEqual({ email: 0, webhook: 0 });

    // The estimate runs out: maintenance ends by itself, and the failure is told then.
    await expect
      .poll(() => perChannel(setup, titled("[ALERT] Wordcloud generation is unhealthy (centron)")), {
        timeout: 150_000,
      })
      .toEqual({ email: 1, webhook: 1 });
  } finally {
    env.fleet.setStopped("wordcloud-generation/centron", false);
  }
}

/** The history says the system ended it when the estimate ran out, and the failure was told right then. */
async function expectEndedBySystemThenTold(page: Page, setup: Setup) {
  const { env } = setup;
  const { history } = (await (await page.request.get(`${env.origin}/api/admin/maintenance/history`)).json()) as {
    history: { action: string; by: string; at: string }[];
  };
  const [ended, enabled] = history;
  expect(enabled).toMatchObject({ action: "enable", by: "admin" });
  expect(ended).toMatchObject({ action: "disable", by: "system" });
  const estimatedEnd = Date.parse(enabled!.at) + 60_000;
  const toldAt = Date.parse(webhookNotices(setup, about("Wordcloud generation"))[0]!.at!);
  expect(Date.parse(ended!.at)).toBeGreaterThanOrEqual(estimatedEnd);
  expect(toldAt).toBeGreaterThanOrEqual(Date.parse(ended!.at));
  // Right after the estimate ran out, not at the next probe of the host's circuit (open by now, for two minutes).
  expect(toldAt - estimatedEnd).toBeLessThan(30_000);
}

/** Two presses at once from a signed-in session (two tabs, or a script): one test runs, the other is refused. */
async function expectSecondTestRefused(page: Page, setup: Setup) {
  const { env } = setup;
  const answers = await Promise.all([0, 1].map(() => page.request.post(`${env.origin}/api/admin/alerts/test-email`)));
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409]);
  const refused = answers.find((answer) => answer.status() === 409)!;
  expect(await refused.json()).toMatchObject({ success: false, message: "Another test is running" });
  await expect.poll(() => perChannel(setup, titled("[TEST] Monitoring alert test"))).toEqual({ email: 2, webhook: 2 });
  expect(perChannel(setup, (title) => title.startsWith("[TEST] "))).toEqual({ email: 3, webhook: 3 });
}

test.describe("what staff do", () => {
  test.describe.configure({ mode: "default" });
  const setup = alertingEnv();

  test(
    "maintenance for an estimated minute: a banner on every tab, then " +
      "it ends by itself and what failed meanwhile is told",
    async ({ page }) => {
      test.setTimeout(240_000);
      const { env } = setup;
      await openDashboard(page, env);
      const panel = page.getByRole("region", { name: "Maintenance Mode" });
      await panel.getByLabel("Reason").fill("Router firmware");
      await panel.getByLabel("Estimated duration (minutes)").fill("1");
      await panel.getByRole("button", { name: "Enable maintenance mode" }).click();
      await expect(page.getByTestId("maintenance-state")).toHaveText("Maintenance Mode ACTIVE");
      const banner = page.getByTestId("maintenance-banner");
      for (const name of ["HAProxy Stats", "Services Health", "System Overview"]) {
        await page.getByRole("tab", { name }).click();
        await expect(banner, name).toContainText("Maintenance mode: Router firmware — by admin");
        await expect(banner, name).toContainText("(ends by itself)");
      }

      await expectWordcloudHeldThenTold(page, setup);
      await expectEndedBySystemThenTold(page, setup);

      // The open page follows by itself (it reads maintenance every 30 s).
      await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations", { timeout: 45_000 });
      await expect(banner).toHaveCount(0);
      await expect(
        panel.getByRole("list", { name: "Maintenance history" }).getByRole("listitem").first(),
      ).toContainText(/disabled.*system: Estimated duration/, { timeout: 45_000 });
    },
  );

  test(
    "acknowledging an incident with a note: Active alerts and the " +
      "incident history show it, with each notice's delivery",
    async ({ page }) => {
      test.setTimeout(120_000);
      const { env } = setup;
      env.fleet.setStopped("yahoo-stock/local", true);
      try {
        await expect
          .poll(() => perChannel(setup, titled("[ALERT] Stock quotes service is unhealthy (local)")), {
            timeout: NOTICE_WAIT_MS,
          })
          .toEqual({ email: 1, webhook: 1 });
        await openDashboard(page, env);
        const alert = activeAlert(page, "Stock quotes service on local");
        await alert.getByRole("button", { name: "Acknowledge Stock quotes service on local" }).click();
        await alert
          .getByRole("textbox", { name: "Note for Stock quotes service on local" })
          .fill("Provider outage, ticket 4711");
        await alert.getByRole("button", { name: "Confirm" }).click();
        await expect(alert).toContainText(`Acknowledged by ${DASHBOARD_USER.username}`);
        const id = await alert.getAttribute("data-incident");

        await page.getByRole("link", { name: /^Incidents \(\d+ open\)$/ }).click();
        await expect(page.getByRole("heading", { name: "Incidents", level: 1 })).toBeVisible();
        const row = page.locator(`tr[data-incident="${id}"]`);
        await expect(row).toContainText("Stock quotes service on local");
        await expect(row).toContainText(`by ${DASHBOARD_USER.username}`);
        await expect(row).toContainText("“Provider outage, ticket 4711”");
        const opening = row.getByRole("listitem").filter({ hasText: "opened" });
        await expect(opening).toHaveCount(1);
        for (const channel of ["email", WEBHOOK])
          await expect(opening.getByText(`${channel}: sent`, { exact: true }), channel).toBeVisible();
      } finally {
        env.fleet.setStopped("yahoo-stock/local", false);
      }
    },
  );

  test(
    "Test Email and Test Failure each send one [TEST] notice per " + "channel; a second test while one runs is refused",
    async ({ page }) => {
      test.setTimeout(120_000);
      const { env } = setup;
      await openDashboard(page, env);
      const actions = page.getByRole("navigation", { name: "Dashboard actions" });

      let release = await holdNextRequest(page, "**/api/admin/alerts/test-email");
      await actions.getByRole("button", { name: "Test Email" }).click();
      await expect(actions.getByRole("button", { name: "Sending…" })).toBeDisabled();
      await expect(actions.getByRole("button", { name: "Test Failure" })).toBeDisabled();
      release();
      await expect(page.getByText(`Test email sent successfully! Delivered on email, ${WEBHOOK}.`)).toBeVisible({
        timeout: 30_000,
      });
      await expect
        .poll(() => perChannel(setup, titled("[TEST] Monitoring alert test")))
        .toEqual({ email: 1, webhook: 1 });

      release = await holdNextRequest(page, "**/api/admin/alerts/test-failure");
      await actions.getByRole("button", { name: "Test Failure" }).click();
      await expect(actions.getByRole("button", { name: "Simulating…" })).toBeDisabled();
      await expect(actions.getByRole("button", { name: "Test Email" })).toBeDisabled();
      release();
      await expect(
        page.getByText(`Simulated failure for Sentiment analysis: test alert delivered on email, ${WEBHOOK}`),
      ).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => perChannel(setup, titled("[TEST] [ALERT] Sentiment analysis is unhealthy (centron)")))
        .toEqual({ email: 1, webhook: 1 });
      expect(webhookNotices(setup, (title) => title.startsWith("[TEST] ")).map((notice) => notice.event)).toEqual([
        "test",
        "test",
      ]);

      await expectSecondTestRefused(page, setup);
    },
  );
});
