// Starts the server's services in a process of its own, as index.ts does, and
// stops them again; a start refused says why on stderr, in a sentence, and
// exits 1. For tests of what a start refuses that need a process with limits
// of its own (a small heap).
import { bootServices } from "#server/boot.ts";
import { ConfigError, readConfig } from "#server/config.ts";

try {
  const running = await bootServices(readConfig());
  await running.stop();
  console.log("started and stopped");
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
