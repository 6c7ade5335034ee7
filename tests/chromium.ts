// Debian's Chromium: its old headless shell for the browser tests, the full
// browser for Lighthouse and the benches. Playwright's own browser download
// cannot run here, and is not needed.
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

/** Debian's package of Chromium's old headless shell. */
export const HEADLESS_SHELL_PACKAGE = "chromium-headless-shell";
const HEADLESS_SHELLS = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell"];

/**
 * The browser tests' Chromium: the old headless shell where it is installed (what Playwright itself runs headless tests
 * in; on a 2-core machine it halves the browser tier's CPU against the full browser's headless mode), else the full
 * browser. CHROMIUM_PATH, when set, is taken as it is.
 */
export function findTestChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return HEADLESS_SHELLS.find((path) => existsSync(path)) ?? findChromium();
}
