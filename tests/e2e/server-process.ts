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
 * Resolves once /readyz answers as this server does (database reachable).
 * Generous: two workers each load the site and migrate, which takes seconds
 * on a busy machine. Given the process, it fails as soon as that exits: a
 * port taken meanwhile by another listener (a peer of a parallel test) would
 * otherwise answer in its place, and the test would talk to a stranger.
 */
export async function waitUntilUp(origin: string, timeoutMs = 60_000, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} before it was up`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok && ((await response.json()) as { status?: string }).status === "ready") return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}

/** Stops the process and waits for it to be gone; at once if it already is. */
export async function stopServer(server: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill(signal);
  await exited;
}
