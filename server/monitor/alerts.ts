// Alerts as the engine sends them: the rules (alert-rules.ts) decide, this
// records every decision in the alert history and queues the mail in the
// outbox, in the same transaction as the new alert memory. A restart reads
// the memory back, so it neither re-sends nor forgets.
import type { Kysely } from "kysely";
import type { HealthStatus, HostName } from "../../shared/monitor/health.ts";
import type { Database } from "../db/schema.ts";
import type { Outbox } from "../mail/outbox.ts";
import { EMPTY_MEMORY, evaluateAlerts, type AlertDecision, type AlertMemory } from "./alert-rules.ts";

export type HostReport = { status: HealthStatus; errorMessage: string | null };
export const ALERTS_PAGE_SIZE = 50;

export type AlertSettings = { to: string; cooldownMinutes: number; dashboardUrl: string };

function mailFor(kind: "failure" | "recovery", service: { id: string; name: string }, hosts: [HostName, HostReport][], at: number, dashboardUrl: string) {
  const when = new Date(at).toISOString();
  const lines = hosts.map(([host, report]) => `- ${host}: ${report.status}${report.errorMessage ? ` (${report.errorMessage})` : ""}`);
  const subject = kind === "failure" ? `[ALERT] ${service.name} is unhealthy` : `[RECOVERED] ${service.name} is healthy again`;
  const opening = kind === "failure" ? `${service.name} (${service.id}) failed its health check at ${when}.` : `${service.name} (${service.id}) recovered at ${when}.`;
  return { subject, text: [opening, "", ...lines, "", `Dashboard: ${dashboardUrl}`].join("\n") };
}

export function createAlerter(db: Kysely<Database>, outbox: Outbox, now: () => number) {
  return {
    /** Evaluates one service after a check; returns the decisions (sent or suppressed). */
    async process(
      service: { id: string; name: string },
      current: Partial<Record<HostName, HostReport>>,
      options: { maintenance: boolean; settings: AlertSettings },
    ): Promise<{ decisions: AlertDecision[]; mailIds: number[] }> {
      const time = now();
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("alert_memory").select("memory").where("service_id", "=", service.id).executeTakeFirst();
        const memory = row ? (JSON.parse(row.memory) as AlertMemory) : EMPTY_MEMORY;
        const statuses = Object.fromEntries(Object.entries(current).map(([host, report]) => [host, report!.status])) as Partial<Record<HostName, HealthStatus>>;
        const result = evaluateAlerts(memory, statuses, { now: time, cooldownMs: options.settings.cooldownMinutes * 60_000, maintenance: options.maintenance });
        const serialized = JSON.stringify(result.memory);
        await trx
          .insertInto("alert_memory")
          .values({ service_id: service.id, memory: serialized, updated_at: time })
          .onConflict((oc) => oc.column("service_id").doUpdateSet({ memory: serialized, updated_at: time }))
          .execute();

        const mailIds: number[] = [];
        for (const kind of ["failure", "recovery"] as const) {
          const decided = result.alerts.filter((alert) => alert.kind === kind);
          if (decided.length === 0) continue;
          const hosts = decided.map((alert) => [alert.host, current[alert.host]!] as [HostName, HostReport]);
          const mail = mailFor(kind, service, hosts, time, options.settings.dashboardUrl);
          const suppressed = decided[0]!.suppressed;
          const outboxId = suppressed ? null : await outbox.enqueue(trx, { kind: "alert", to: options.settings.to, subject: mail.subject, text: mail.text });
          if (outboxId !== null) mailIds.push(outboxId);
          for (const alert of decided) {
            const report = current[alert.host]!;
            await trx
              .insertInto("alert_history")
              .values({
                at: time,
                service_id: service.id,
                host: alert.host,
                kind,
                severity: alert.severity,
                message: kind === "failure" ? `${service.name} on ${alert.host}: ${report.errorMessage ?? report.status}` : `${service.name} on ${alert.host} recovered`,
                suppressed: suppressed ? 1 : 0,
                outbox_id: outboxId,
              })
              .execute();
          }
        }
        return { decisions: result.alerts, mailIds };
      });
    },

    /** A test mail through the same outbox. */
    async queueTest(settings: AlertSettings): Promise<number> {
      const time = now();
      return db.transaction().execute(async (trx) => {
        const id = await outbox.enqueue(trx, {
          kind: "alert",
          to: settings.to,
          subject: "[TEST] Monitoring alert test",
          text: `This is a test of the monitoring alerts, sent at ${new Date(time).toISOString()}.\n\nDashboard: ${settings.dashboardUrl}`,
        });
        await trx.insertInto("alert_history").values({ at: time, service_id: "test", host: null, kind: "test", severity: "info", message: "Test email", suppressed: 0, outbox_id: id }).execute();
        return id;
      });
    },

    async history(page: number) {
      const counted = await db.selectFrom("alert_history").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("alert_history as a")
        .leftJoin("outbox as o", "o.id", "a.outbox_id")
        .select(["a.id", "a.at", "a.service_id", "a.host", "a.kind", "a.severity", "a.message", "a.suppressed", "o.status as mail_status"])
        .orderBy("a.at", "desc")
        .orderBy("a.id", "desc")
        .limit(ALERTS_PAGE_SIZE)
        .offset((page - 1) * ALERTS_PAGE_SIZE)
        .execute();
      const total = Number(counted.n);
      return {
        alerts: rows.map((row) => ({
          id: row.id,
          at: new Date(Number(row.at)).toISOString(),
          serviceId: row.service_id,
          host: row.host,
          kind: row.kind,
          severity: row.severity,
          message: row.message,
          suppressed: row.suppressed === 1,
          delivered: row.mail_status === "sent",
        })),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / ALERTS_PAGE_SIZE)),
      };
    },
  };
}

export type Alerter = ReturnType<typeof createAlerter>;
