// For tests: one more process's alerting on a shared database (a second
// worker or instance), with a silent logger and nothing delivered.
import pino from "pino";
import { createAlerting, type AlertingConfig } from "#server/alerting/alerting.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createLeases } from "#server/db/leases.ts";
import { createOutbox } from "#server/outbox/outbox.ts";

export function alertingProcess(handle: DatabaseHandle, now: () => number, config: () => AlertingConfig) {
  return createAlerting({
    db: handle.db,
    outbox: createOutbox(handle.db, now),
    leases: createLeases(handle.db, now),
    now,
    logger: pino({ level: "silent" }),
    config,
    dashboardUrl: "http://localhost/admin/dashboard",
    sendMail: undefined,
    kick: () => undefined,
  });
}
