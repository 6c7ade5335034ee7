// The real peers the tests run against, and how to get them: Debian's
// Chromium headless shell (browser tests; the full browser will do), nginx,
// HAProxy, pebble, openssl, promtool, systemd-analyze and pg_dump/pg_restore
// (integration tests). Missing ones are installed where we can (root with
// apt-get); otherwise the run stops with the one command that fixes it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findTestChromium, HEADLESS_SHELL_PACKAGE } from "#tests/chromium.ts";

type Tool = { name: string; found: () => boolean; packages: string[] };

const onPath = (command: string) => () =>
  ["/usr/sbin", "/usr/bin", "/sbin", "/bin", ...(process.env.PATH ?? "").split(":")].some(
    (dir) => dir && existsSync(`${dir}/${command}`),
  );

export const BROWSER_TOOLS: Tool[] = [
  { name: "Chromium", found: () => findTestChromium() !== undefined, packages: [HEADLESS_SHELL_PACKAGE] },
];

export const PEER_TOOLS: Tool[] = [
  { name: "nginx", found: onPath("nginx"), packages: ["nginx-light"] },
  { name: "HAProxy", found: onPath("haproxy"), packages: ["haproxy"] },
  { name: "pebble", found: () => onPath("pebble")() && onPath("pebble-challtestsrv")(), packages: ["pebble"] },
  { name: "openssl", found: onPath("openssl"), packages: ["openssl"] },
  { name: "promtool", found: onPath("promtool"), packages: ["prometheus"] },
  { name: "systemd-analyze", found: onPath("systemd-analyze"), packages: ["systemd"] },
  {
    name: "pg_dump and pg_restore",
    found: () => onPath("pg_dump")() && onPath("pg_restore")(),
    packages: ["postgresql-client"],
  },
];

export function ensureTools(tools: Tool[], purpose: string): void {
  const missing = tools.filter((tool) => !tool.found());
  if (missing.length === 0) return;
  const packages = missing.flatMap((tool) => tool.packages);
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync("which", ["apt-get"]).status === 0) {
    console.log(
      `${purpose} need ${missing.map((tool) => tool.name).join(", ")}: installing Debian's ${packages.join(" ")}.`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-q"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-q", ...packages], { stdio: "inherit", env });
    if (tools.every((tool) => tool.found())) return;
  }
  console.error(
    `${purpose} need ${missing.map((tool) => tool.name).join(", ")}. Install with:\n\n  sudo apt-get install ` +
      `-y ${packages.join(" ")}\n`,
  );
  process.exit(1);
}
