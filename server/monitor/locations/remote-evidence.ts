// What the remote locations said about a round's hosts. A probe checks on the
// same grid as the server (slots k*I), so its result of this slot arrives a
// few seconds after the round starts: the round reads what came every half
// second until every location it waits for has answered, or a deadline.
// A location that is not reporting or offline is not waited for; one that
// missed this slot is heard through its latest result within one interval.
import type { LocationResult, ProbeResults } from "./probe-results.ts";

const POLL_MS = 500;
/** A probe's slot may begin a little before the round's (clocks, the tick's second). */
const SLOT_EARLY_MS = 2_000;
/** Beyond the checks' own time, for the results to travel. */
const TRAVEL_MS = 3_000;
/** The waiting ends before this share of the interval, so the next round starts with fresh answers. */
const LAST_SHARE = 0.9;

/** When a round stops waiting for remote results: after its stagger, the slowest timeout and the travel. */
export function evidenceDeadline(started: number, spreadMs: number, timeoutMs: number, intervalMs: number): number {
  return started + Math.min(spreadMs + timeoutMs + TRAVEL_MS, LAST_SHARE * intervalMs);
}

export type EvidenceWait = {
  probeResults: Pick<ProbeResults, "latest">;
  now: () => number;
  /** A pause that ends early when the engine stops. */
  pause: (ms: number) => Promise<void>;
  stopped: () => boolean;
};

/**
 * The newest result of each endpoint from each location, waiting while one of `awaited` (endpoint id -> the locations
 * to wait for) has nothing of this slot yet. The wait is bounded by the deadline on the engine's clock and, for a
 * clock that stands still, by as many polls as that time holds.
 */
export async function remoteEvidence(
  wait: EvidenceWait,
  awaited: ReadonlyMap<number, readonly string[]>,
  started: number,
  deadline: number,
  intervalMs: number,
): Promise<Map<number, Map<string, LocationResult>>> {
  const ids = [...awaited.keys()];
  const since = started - intervalMs - (deadline - started);
  const fresh = started - SLOT_EARLY_MS;
  let found = await wait.probeResults.latest(ids, since);
  const complete = () =>
    [...awaited].every(([id, locations]) =>
      locations.every((location) => (found.get(id)?.get(location)?.checkedAt ?? -Infinity) >= fresh),
    );
  for (let polls = Math.ceil((deadline - started) / POLL_MS); polls > 0; polls -= 1) {
    if (complete() || wait.now() >= deadline || wait.stopped()) break;
    await wait.pause(POLL_MS);
    found = await wait.probeResults.latest(ids, since);
  }
  return found;
}
