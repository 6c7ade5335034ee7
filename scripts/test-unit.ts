// Runs the unit, database and integration tests: makes sure the real peers
// (nginx, HAProxy, pebble, openssl) are here, then hands over to Vitest.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureTools, PEER_TOOLS } from "./test-tools.ts";

ensureTools(PEER_TOOLS, "The integration tests");
const result = spawnSync(join(process.cwd(), "node_modules/.bin/vitest"), ["run", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
