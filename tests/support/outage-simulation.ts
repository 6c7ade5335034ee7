// A fleet on a fake clock, run by the real engine as its ticker would, for the
// outage tables (server/monitor/outages.integration.test.ts) and `npm run bench:alerts`.
// Hosts are named in their addresses (`http://centron.mail-relay.test/...`,
// `centron.dc.test:22`), so "mail-relay/centron" can be taken down and
// brought back; everything else is the product: the engine, the tracker, the
// outbox, the snapshot the dashboard reads and the public status.
import type { DatabaseHandle } from "#server/db/client.ts";
import type { CheckTarget, Target } from "#server/monitor/checks/check-types.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { statusBadge, statusFeed } from "#server/status/status-feeds.ts";
import { createTestApp } from "./test-app.ts";

/** "mail-relay/centron" from `http://centron.mail-relay.test/health` or `centron.mail-relay.test:22`. */
function hostOf(target: Target): string {
  const address =
    typeof target.url === "string"
      ? new URL(target.url).hostname
      : String(target.tcp ?? target.tls ?? "").split(":")[0]!;
  const [host, service] = address.split(".") as [string, string];
  return `${service}/${host}`;
}

/**
 * What a view shows about one service now: the dashboard, the public status and its badge and feed, and the incidents.
 */
export type Views = {
  dashboard: string;
  publicState: string | null;
  badge: string | null;
  feedSaysResolved: boolean;
  openIncidents: number;
};

export async function startOutageSimulation(
  handle: DatabaseHandle,
  yaml: string,
  options: { tickSeconds?: number } = {},
) {
  const down = new Set<string>();
  /**
   * Called after each check with the host it asked ("service/host"): a test may change the fleet between two checks of
   * a round.
   */
  const hooks: { afterCheck?: (host: string) => void } = {};
  const check: CheckTarget = async (target) => {
    const host = hostOf(target);
    const failing = down.has(host);
    hooks.afterCheck?.(host);
    return {
      status: failing ? "unhealthy" : "healthy",
      responseTime: failing ? null : 20,
      errorMessage: failing ? "connect ECONNREFUSED" : null,
      retryAttempt: 0,
      basic: false,
    };
  };
  const config = parseMonitoringConfig(yaml, {});
  const t = await createTestApp(handle, {}, { monitoring: { config: () => config, check } });
  const engine = t.services.monitor!.engine;
  const start = t.clock.now;
  const tick = (options.tickSeconds ?? 1) * 1000;
  const { db } = t.services.database;

  return {
    t,
    config,
    start,
    /** Hosts ("service/host") that fail from now on. */
    down,
    hooks,
    /** Seconds since the start on the fake clock. */
    seconds: () => (t.clock.now - start) / 1000,
    /**
     * Runs the schedule up to `seconds` since the start, a tick at a time, each tick's rounds finished; `each` runs
     * after every tick.
     */
    async runTo(seconds: number, each?: () => Promise<void>): Promise<void> {
      while (t.clock.now - start <= seconds * 1000) {
        await t.services.probes!.tick();
        await engine.settled();
        if (each) await each();
        t.advance(tick);
      }
    },
    /** The alert notices queued on a channel so far, by title. */
    async notices(channel: string): Promise<string[]> {
      const rows = await db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", `alert:${channel}`)
        .where("kind", "=", "alert")
        .orderBy("id")
        .execute();
      return rows.map((row) => {
        const payload = JSON.parse(row.payload) as { subject?: string; title?: string };
        return payload.subject ?? payload.title ?? "";
      });
    },
    /** The last notice on a channel, as queued (the webhook's JSON, an e-mail's subject and text). */
    async lastPayload(channel: string): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", `alert:${channel}`)
        .orderBy("id", "desc")
        .executeTakeFirst();
      return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
    },
    /** What every view says about a service now. */
    async views(serviceId: string): Promise<Views> {
      const snapshot = await t.services.monitor!.snapshot();
      const status = await t.services.status!.source.refresh();
      const service = status.services.find((entry) => entry.id === serviceId);
      const feed = statusFeed(status, {
        lang: "en",
        brand: "Test",
        pageUrl: "http://localhost/en/status",
        feedUrl: "http://localhost/en/status/rss.xml",
      });
      const open = await t.services.alerting!.incidents.open();
      return {
        dashboard: snapshot.services.find((entry) => entry.serviceId === serviceId)!.status,
        publicState: service?.state ?? null,
        badge: service ? (/aria-label="[^"]*: (\w+)/.exec(statusBadge(service))?.[1] ?? null) : null,
        feedSaysResolved: status.incidents.open.length === 0 && /\(Resolved\)/.test(feed),
        openIncidents: open.filter((incident) => incident.serviceId === serviceId).length,
      };
    },
  };
}

export type OutageSimulation = Awaited<ReturnType<typeof startOutageSimulation>>;
