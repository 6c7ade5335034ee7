// Runs the integration tests (*.integration.test.ts): makes sure the real
// peers (nginx, HAProxy, pebble, openssl) are here, then hands over to Vitest.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureTools, PEER_TOOLS } from "./test-tools.ts";

ensureTools(PEER_TOOLS, "The integration tests");
const vitest = join(process.cwd(), "node_modules/.bin/vitest");
const result = spawnSync(vitest, ["run", "--project", "integration", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
