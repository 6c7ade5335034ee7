// A batch from a remote probe, taken in: its times moved into the server's
// clock (the probe's clock may be off; the skew is measured from the batch's
// own sentAt against its arrival), its keys turned into endpoint ids, and
// only the keys assigned to this location kept, the others counted, not
// refused (a probe may still run a check the configuration has just taken
// away). Stored in one transaction; a batch sent again adds nothing: the
// skew measured anew carries the network's delay, which varies, so the skew
// the location was last measured at stands while the new one is within a
// second of it, and a result sent twice gets the same server time twice.
import type { LocationConfig } from "#server/monitor/locations/locations-config.ts";
import type { ProbeResults, RemoteResult } from "#server/monitor/locations/probe-results.ts";
import type { ServicesConfig } from "#server/monitor/services-config.ts";
import type { ResultsAnswer, ResultsBody } from "./probe-protocol.ts";
import { assignedKeys } from "./probe-assignments.ts";

/** A result more than this ahead of the server's clock, once moved into it, is not a measurement. */
const FUTURE_SLACK_MS = 60_000;
/** A measured skew this close to the location's last one is that one (the difference is the network's delay). */
const STEADY_SKEW_MS = 1000;

export type IntakeContext = {
  config: ServicesConfig;
  location: LocationConfig;
  results: ProbeResults;
  endpointIds: (endpoints: readonly { serviceId: string; host: string }[]) => Promise<Map<string, number>>;
  now: () => number;
};

/** "web/main" -> web and main; "web/main/Proxy" -> web and "main/Proxy" (a sub-service's endpoint). */
function endpointOf(key: string): { serviceId: string; host: string } {
  const slash = key.indexOf("/");
  return { serviceId: key.slice(0, slash), host: key.slice(slash + 1) };
}

export async function receiveBatch(context: IntakeContext, body: ResultsBody): Promise<ResultsAnswer> {
  const receivedAt = context.now();
  const measured = body.sentAt - receivedAt;
  const last = (await context.results.reports()).get(context.location.id)?.skewMs;
  const skewMs = last !== undefined && Math.abs(measured - last) <= STEADY_SKEW_MS ? last : Math.round(measured);
  const assigned = assignedKeys(context.config, context.location);
  const kept = body.results.filter(
    (result) => assigned.has(result.key) && result.checkedAt - skewMs <= receivedAt + FUTURE_SLACK_MS,
  );
  const ids = await context.endpointIds(kept.map((result) => endpointOf(result.key)));
  const results = kept.map((result): RemoteResult => ({
    endpointId: ids.get(result.key)!,
    checkedAt: result.checkedAt - skewMs,
    status: result.status,
    responseTime: result.responseTime,
    errorMessage: result.errorMessage,
  }));
  const stored = await context.results.record({
    location: context.location.id,
    receivedAt,
    skewMs,
    connectivity: {
      online: body.connectivity.online,
      checkedAt: body.connectivity.checkedAt === null ? null : body.connectivity.checkedAt - skewMs,
      error: body.connectivity.error,
    },
    results,
  });
  return { stored, ignored: body.results.length - kept.length, serverTime: receivedAt };
}
