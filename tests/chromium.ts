// Debian's Chromium, used by the browser tests and the Lighthouse bench.
// Playwright's own browser download cannot run here, and is not needed.
import { existsSync } from "node:fs";

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium-browser",
];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium(): string | undefined {
  return CANDIDATES.find((path): path is string => Boolean(path) && existsSync(path!));
}
