// The watcher watched (`alerts.heartbeat`): while this process runs the check
// rounds and they run on time, it calls an outside URL every interval, a
// dead-man's switch (healthchecks.io, another monitor's push URL, or the push
// monitor of a second instance of this server). It stops calling when the
// rounds stall, the database fails, the lease is lost, or the process or its
// machine stops: the silence is the alarm, raised by the watcher outside.
import type { Logger } from "pino";
import type { HeartbeatConfig } from "#server/alerting/alerts-config.ts";
import { fetchText } from "#server/net/fetch-text.ts";
import { createTicker } from "#server/scheduling/ticker.ts";
import type { Engine } from "./engine.ts";
import type { createMeta } from "./monitor-meta.ts";

/** How often the heartbeat looks whether a call is due (the calls themselves are an interval apart). */
const LOOK_MS = 1_000;
/** A call may take this long, and never more than half the interval. */
const MAX_CALL_MS = 10_000;

export type HeartbeatOutcome = "sent" | "failed" | "not due" | "not leading" | "rounds late" | "off";

export function createHeartbeat(options: {
  config: () => HeartbeatConfig | undefined;
  engine: Pick<Engine, "vitals">;
  meta: ReturnType<typeof createMeta>;
  now: () => number;
  logger: Logger;
}) {
  const { now, logger } = options;
  let lastCallAt = -Infinity;
  /** The last outcome that was logged: a change is logged once, not every interval. */
  let told: HeartbeatOutcome | undefined;

  function tell(outcome: HeartbeatOutcome, details: Record<string, unknown> = {}): HeartbeatOutcome {
    if (outcome !== told && outcome !== "not due") {
      const level = outcome === "sent" || outcome === "not leading" || outcome === "off" ? "info" : "warn";
      logger[level]({ heartbeat: outcome, ...details }, `heartbeat: ${outcome}`);
      told = outcome;
    }
    return outcome;
  }

  /** One look: calls the URL when a call is due and the rounds are healthy. Tests call it on a fake clock. */
  async function beat(): Promise<HeartbeatOutcome> {
    const config = options.config();
    if (!config) return tell("off");
    const intervalMs = config.intervalSeconds * 1000;
    if (now() - lastCallAt < intervalMs) return "not due";
    const vitals = await options.engine.vitals();
    if (!vitals.leading) return tell("not leading");
    if (!vitals.onTime) return tell("rounds late", { lastRoundEndedAt: vitals.lastRoundEndedAt });
    lastCallAt = now();
    const to = new URL(config.url).host;
    try {
      const body =
        config.method === "POST"
          ? JSON.stringify({ lastRoundAt: new Date(vitals.lastRoundEndedAt ?? now()).toISOString() })
          : undefined;
      await fetchText(config.url, {
        method: config.method,
        timeoutMs: Math.min(MAX_CALL_MS, intervalMs / 2),
        maxBytes: 64 * 1024,
        ...(body ? { body, headers: { "Content-Type": "application/json" } } : {}),
      });
      await options.meta.set("heartbeat_sent_at", lastCallAt);
      return tell("sent", { to });
    } catch (error) {
      // The URL may carry a secret (a check's UUID): only its host is told.
      return tell("failed", { to, error: (error as Error).message });
    }
  }

  const ticker = createTicker(async () => void (await beat()), LOOK_MS, logger, "heartbeat");
  return { beat, start: () => ticker.start(), stop: () => ticker.stop() };
}

export type Heartbeat = ReturnType<typeof createHeartbeat>;
