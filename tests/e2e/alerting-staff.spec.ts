// Alerts an operator can trust, what staff do: maintenance for an estimated minute and
// the test buttons, against the production server, a real SMTP server and a real webhook
// receiver on loopback (the environment is alerting-env.ts).
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_USER, holdNextRequest } from "./dashboard-env.ts";
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
} from "./alerting-env.ts";

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
  expect(enabled).toMatchObject({ action: "enable", by: DASHBOARD_USER.username });
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
        await expect(banner, name).toContainText(`Maintenance mode: Router firmware — by ${DASHBOARD_USER.username}`);
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
