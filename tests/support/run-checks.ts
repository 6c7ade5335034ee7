// Runs host checks in a process of their own and prints each outcome as a
// JSON line: for tests that need the process started differently (a CA
// trusted through NODE_EXTRA_CA_CERTS, which Node reads only at start).
// Usage: tsx tests/support/run-checks.ts '<JSON array of hosts>'
import { runTarget, targetSchema } from "#server/monitor/checks/check-types.ts";

const hosts = JSON.parse(process.argv[2] ?? "[]") as unknown[];
const context = {
  timeoutMs: 5_000,
  retries: 0,
  now: Date.now,
  intervalMs: 60_000,
  push: () => ({ receipt: undefined, watchedSince: Date.now() }),
};
for (const host of hosts) {
  const outcome = await runTarget(targetSchema.parse(host), context);
  process.stdout.write(`${JSON.stringify({ status: outcome.status, errorMessage: outcome.errorMessage })}\n`);
}
