import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two tiers. Unit tests are pure and quick (no server, connection or process:
// tests/support/unit-guard.ts refuses them, and output they did not ask for);
// integration tests (*.integration.test.ts) run against the real peers:
// SQLite, PostgreSQL when TEST_DATABASE_URL is set, nginx, HAProxy, pebble.
const FILES = "{app,content,server,shared,scripts,deploy}/**/*";

export default defineConfig({
  test: {
    environment: "node",
    // Generous: tests wait for what they need (a row, a mail, a timeout firing); a busy machine makes that slower,
    // not wrong.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // At least two files at once (Vitest's default leaves one core free, so one on a 2-core machine): much of a file's
    // time is spent waiting (on a peer, a socket, a child process, an import), and two finish in about half the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [`${FILES}.test.{ts,tsx}`],
          exclude: [`${FILES}.integration.test.{ts,tsx}`],
          setupFiles: ["tests/support/unit-guard.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [`${FILES}.integration.test.{ts,tsx}`],
          // Each file imported the whole server anew (two minutes of CPU a run); the files share nothing through
          // module state (each opens its own databases, servers and ports), so a worker keeps its modules.
          isolate: false,
        },
      },
    ],
  },
});
