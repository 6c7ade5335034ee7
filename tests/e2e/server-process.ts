// The production server as its own process, for tests of what happens to the
// process itself (signals, crashes, restarts, bad configuration).
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";

export function startServer(
  port: number,
  env: Record<string, string>,
  stdio: StdioOptions = ["ignore", "pipe", "pipe"],
): ChildProcess {
  return spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "", ...env },
    stdio,
  });
}

/**
 * Resolves once /readyz answers (database reachable). Generous: two workers
 * each load the site and migrate, which takes seconds on a busy machine.
 */
export async function waitUntilUp(origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}
