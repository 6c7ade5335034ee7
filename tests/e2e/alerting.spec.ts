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
import {
  WEBHOOK,
  NOTICE_WAIT_MS,
  type Setup,
  alertingEnv,
  perChannel,
  titled,
  about,
  webhookNotices,
  openDashboard,
  activeAlert,
  incidentOf,
  waitForCycleAfter,
  deliveries,
} from "./alerting-env.ts";

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
