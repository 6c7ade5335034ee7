// npm run probe -- --server <url> --location <id> [--data <dir>]: a remote
// probe (server/probes/probe.ts), with PROBE_TOKEN in the environment. It
// runs until stopped (SIGTERM, SIGINT) and logs JSON lines.
import { parseProbeArguments, USAGE } from "#server/probes/probe-arguments.ts";
import { createProbeLog } from "#server/probes/probe-log.ts";
import { createProbe } from "#server/probes/probe.ts";

const parsed = parseProbeArguments(process.argv.slice(2), process.env);
if (!parsed.ok) {
  console.error(`${parsed.error}\n${USAGE}`);
  process.exit(2);
}
const logger = createProbeLog(process.env.LOG_LEVEL ?? "info");
let probe: ReturnType<typeof createProbe>;
try {
  probe = createProbe({ ...parsed.value, logger });
} catch (error) {
  // Most likely the data folder: not writable, or not a folder.
  console.error(`The probe cannot start with --data ${parsed.value.dataDir}: ${(error as Error).message}`);
  process.exit(1);
}
probe.start();
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    logger.info({ signal, waiting: probe.waiting() }, "probe stopping");
    void probe.stop().then(() => process.exit(0));
  });
