import { expect, test } from "@playwright/test";
import { skipDialogs, waitForIslands } from "./helpers.ts";

test("the map sends nothing to its provider until the visitor clicks", async ({ page }) => {
  await skipDialogs(page);
  const mapRequests: string[] = [];
  await page.route(/openstreetmap\.org/, (route) => {
    mapRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title>" });
  });
  await page.goto("/en/contact");
  await expect(page.getByText("Monday to Friday")).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
  // Hydrated: the map's code has run, and anything it would load unasked has been asked for.
  await waitForIslands(page);
  expect(mapRequests).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.getByText(/OpenStreetMap/).first()).toBeVisible();

  await page.getByRole("button", { name: "Load map" }).click();
  await expect(page.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
  );
  await expect(page.locator("figcaption")).toBeVisible();
  await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
});
