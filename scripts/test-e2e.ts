// Runs the browser tests: finds Debian's Chromium (installing it where it
// can), builds when needed, then hands over to Playwright.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { BROWSER_TOOLS, ensureTools } from "./test-tools.ts";

ensureTools(BROWSER_TOOLS, "The browser tests");
const root = process.cwd();
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], {
  stdio: "inherit",
});
const result = spawnSync(join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
