// npm run screenshots: every public page in both languages and themes, at a
// desktop and a phone width, as PNGs under screenshots/ (for looking, not testing).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { sitePaths } from "#app/routing/pages.ts";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { CHROMIUM_ARGS, findChromium } from "#tests/chromium.ts";

// Another worktree may be taking screenshots at the same time: SCREENSHOTS_PORT moves this one.
const port = Number(process.env.SCREENSHOTS_PORT ?? 3501);
const out = join(process.cwd(), "screenshots");
const only = process.argv[2]?.split(",");
mkdirSync(out, { recursive: true });
const server = spawn(process.execPath, ["build/server/index.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
  stdio: "ignore",
});
await new Promise((resolve) => setTimeout(resolve, 1500));
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const path of only ?? sitePaths()) {
    for (const lang of LANGUAGES) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [device, width] of [
          ["desktop", 1280],
          ["phone", 390],
        ] as const) {
          const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
          const page = await context.newPage();
          await page.goto(`http://127.0.0.1:${port}${localizePath(lang, path)}`);
          await page.waitForTimeout(1200);
          const slug = (path === "/" ? "home" : path.slice(1)).replaceAll("/", "-");
          const name = `${slug}-${lang}-${scheme}-${device}.png`;
          await page.screenshot({ path: join(out, name), fullPage: true });
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(`Screenshots in ${out}`);
