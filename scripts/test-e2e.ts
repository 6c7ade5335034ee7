// Runs the browser tests: finds Debian's Chromium (installing it where it
// can), builds when needed, then hands over to Playwright.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { findChromium } from "../tests/chromium.ts";

function ensureChromium() {
  if (findChromium()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync("which", ["apt-get"]).status === 0) {
    console.log("Chromium not found: installing Debian's chromium package.");
    execFileSync("apt-get", ["update", "-q"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-q", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (findChromium()) return;
  }
  console.error("The browser tests need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n\n(or set CHROMIUM_PATH to a Chromium binary).");
  process.exit(1);
}

ensureChromium();
const root = process.cwd();
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/ensure-build.ts")], { stdio: "inherit" });
const result = spawnSync(join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
