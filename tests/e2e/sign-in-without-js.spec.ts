import { expect, test } from "@playwright/test";

const hint = "Signing in needs JavaScript. Please turn it on for this site and reload the page.";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page says why its button cannot be used", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await expect(page.getByRole("note")).toHaveText(hint);
  });
});

test("with JavaScript the hint is not shown", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(hint)).toBeHidden();
});
