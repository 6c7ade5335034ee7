// What the build prints: one line per step, and from the tools it runs only
// what is worth reading. A warning that matters must not drown in notices
// that say nothing about this project.
import type { Rolldown } from "vite";

/** Notices from inside the tools we call, not about anything we configure. */
const KNOWN_NOTICES: readonly RegExp[] = [
  // React Router's build starts Vite child compilers with `envFile: false` itself.
  /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
];

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The lines of a tool's output worth showing: everything but blank lines and the known notices. */
export function linesWorthShowing(output: string): string[] {
  return output
    .split(/\r?\n/)
    .filter((line) => line.replace(ANSI, "").trim() !== "")
    .filter((line) => !KNOWN_NOTICES.some((notice) => notice.test(line.replace(ANSI, "").trim())));
}

/**
 * Drops Rolldown's warning about a module-level "use client": it marks React
 * Server Component boundaries, and these bundles have none, so losing the
 * directive changes nothing (React Router's own build drops it the same way).
 * Every other log goes to Vite's handler.
 */
export function withoutUseClientWarnings(
  level: Rolldown.LogLevel,
  log: Rolldown.RolldownLog,
  handler: Rolldown.LogOrStringHandler,
): void {
  if (log.code === "MODULE_LEVEL_DIRECTIVE" && log.message.includes('"use client"')) return;
  handler(level, log);
}
