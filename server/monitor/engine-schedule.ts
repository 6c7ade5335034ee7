// When the engine starts rounds: each service on a fixed schedule of its own
// interval (no drift; on the remote probes' grid when they check it too), and
// every service at once when someone asks for a check now (Refresh, the end of
// maintenance), from whichever process.
import type { EngineOptions, Rounds, Slots } from "./engine-state.ts";
import { intervalOf, type ServiceConfig, type ServicesConfig } from "./services-config.ts";
import { staggerMs } from "./stagger.ts";
import { groupInto } from "#shared/group-into.ts";

/**
 * What the schedule needs of the engine: where the next slot and a "check now" are written, its slots, which services
 * have a round running, and how a round is started (engine-round.ts; the schedule knows nothing of what one does).
 */
export type ScheduleContext = {
  options: Pick<EngineOptions, "meta" | "logger">;
  state: Slots & Pick<Rounds, "inFlight">;
  startRound: (services: readonly ServiceConfig[], spread: number, requested?: boolean) => Promise<void>;
};

/** Whether some host of the service is checked from a remote location (no allocation: asked every second). */
function checkedElsewhere(service: ServiceConfig): boolean {
  for (const host in service.placements) if (service.placements[host]) return true;
  return false;
}

/**
 * Starts the services whose slot has come, a round per interval (each
 * spread over its own stagger, so a 60 s service never holds 15 s ones
 * back), and moves each to its next slot after now.
 */
export async function startDue(engine: ScheduleContext, config: ServicesConfig, time: number): Promise<void> {
  const { state } = engine;
  const { due } = state;
  const groups = new Map<number, ServiceConfig[]>();
  for (const service of config.services) {
    if (
      (due.get(service.id) ?? time) > time ||
      state.inFlight.has(service.id) ||
      state.request?.waiting.has(service.id)
    )
      continue;
    const interval = intervalOf(service, config.defaults);
    let slot = due.get(service.id) ?? time;
    // Fixed schedule: the next slot after now, however long this round takes. One checked from remote locations too
    // keeps to their grid (slots k*I in server time), so each round finds their results of the same slot.
    if (checkedElsewhere(service)) slot = (Math.floor(time / interval) + 1) * interval;
    else while (slot <= time) slot += interval;
    due.set(service.id, slot);
    groupInto(groups, interval, service);
  }
  for (const [interval, services] of groups) void engine.startRound(services, staggerMs(config.defaults, interval));
  const next = config.services.reduce((soonest, service) => Math.min(soonest, due.get(service.id) ?? time), Infinity);
  if (Number.isFinite(next) && next !== state.nextWritten) {
    await engine.options.meta.set("next_cycle_at", next);
    state.nextWritten = next;
  }
}

/**
 * Serves a "check now": every service once, at once; a
 * service whose round is running starts again when that round ends (its
 * round may have begun before what was asked about). Served when all have run.
 */
export async function serveRequest(engine: ScheduleContext, config: ServicesConfig): Promise<void> {
  const { options, state } = engine;
  const { meta } = options;
  const requested = (await meta.get("run_requested_at")) ?? 0;
  if (!state.request && requested > ((await meta.get("run_served_at")) ?? 0)) {
    state.request = {
      at: requested,
      waiting: new Set(config.services.map((service) => service.id)),
      rounds: [],
      finishing: false,
    };
  }
  if (!state.request) return;
  const current = state.request;
  const ready = config.services.filter((service) => current.waiting.has(service.id) && !state.inFlight.has(service.id));
  const configured = new Set(config.services.map((service) => service.id));
  for (const id of current.waiting) if (!configured.has(id)) current.waiting.delete(id);
  if (ready.length > 0) {
    for (const service of ready) current.waiting.delete(service.id);
    const spread = staggerMs(config.defaults, config.defaults.intervalSeconds * 1000);
    current.rounds.push(engine.startRound(ready, spread, true));
  }
  if (current.waiting.size > 0 || current.finishing) return;
  current.finishing = true;
  void Promise.all(current.rounds)
    .then(() => meta.set("run_served_at", current.at))
    .catch((error: unknown) => options.logger.error({ err: error }, "recording a served check request failed"))
    .finally(() => {
      if (state.request === current) state.request = undefined;
    });
}
