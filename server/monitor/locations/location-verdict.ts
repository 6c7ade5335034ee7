// A host's verdict from every place it is checked from. Each location gives
// its word (a result, or why there is none); the host fails when at least
// its quorum of the locations that could say anything see it fail, fails
// "partially" (shown degraded, never alerted on) when fewer do, and is left
// as it was when no location could say anything: a network problem at the
// checking end is not an outage of the target.
import type { HealthStatus } from "#shared/monitor/health.ts";
import {
  CLOCK_SKEW_LIMIT_MS,
  LOCAL_LOCATION,
  type HostLocationResult,
  type LocationState,
} from "#shared/monitor/locations.ts";

/** One location's word on one host, as the round found it. */
export type LocationEvidence = {
  location: string;
  /** The location itself: online, offline (its reference target failed) or not reporting. */
  state: LocationState;
  /** Its result for this host in time for this verdict, if any. */
  result?: {
    status: HealthStatus;
    responseTime: number | null;
    checkedAt: number;
    errorMessage: string | null;
    /** The probe's clock minus the server's when it sent this (0 for local). */
    skewMs: number;
  };
};

/** What the verdict decides a host's check said, as a single check would say it. */
export type VerdictOutcome = { status: HealthStatus; responseTime: number | null; errorMessage: string | null };

export type Verdict =
  | { decided: false; locations: HostLocationResult[] }
  | { decided: true; outcome: VerdictOutcome; partial: string[]; locations: HostLocationResult[] };

const WORST_FIRST: readonly HealthStatus[] = ["unhealthy", "degraded", "healthy"];

/** Local is named by its id in messages ("Down from Frankfurt and local"): the server has no other name to people. */
const spoken = (location: string, nameOf: (id: string) => string) =>
  location === LOCAL_LOCATION ? LOCAL_LOCATION : nameOf(location);

/** "Frankfurt", "Frankfurt and local", "Frankfurt, Vienna and local". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
}

/** Each location's word as the host's state keeps it. */
function wordOf(evidence: LocationEvidence): HostLocationResult {
  const { result } = evidence;
  if (evidence.state === "offline" || !result || evidence.state === "not-reporting")
    return {
      location: evidence.location,
      status: evidence.state === "offline" ? "offline" : "unknown",
      responseTime: null,
      checkedAt: result?.checkedAt ?? null,
      errorMessage: null,
      clockSkewed: false,
    };
  return {
    location: evidence.location,
    status: result.status,
    responseTime: result.responseTime,
    checkedAt: result.checkedAt,
    errorMessage: result.errorMessage,
    clockSkewed: Math.abs(result.skewMs) > CLOCK_SKEW_LIMIT_MS,
  };
}

/**
 * The host's verdict. `quorum`: how many locations must see a failure (never more than can say anything, at least 1);
 * `nameOf`: a location's name for messages. Failing locations are named remote ones first, local last.
 */
export function judgeHost(
  evidence: readonly LocationEvidence[],
  quorum: number,
  nameOf: (id: string) => string,
): Verdict {
  const locations = evidence.map(wordOf);
  const available = locations.filter(
    (word): word is HostLocationResult & { status: HealthStatus } =>
      word.status !== "offline" && word.status !== "unknown",
  );
  if (available.length === 0) return { decided: false, locations };
  const failing = available
    .filter((word) => word.status === "unhealthy")
    .sort((a, b) => Number(a.location === LOCAL_LOCATION) - Number(b.location === LOCAL_LOCATION));
  const onlyLocal = evidence.length === 1 && evidence[0]!.location === LOCAL_LOCATION;
  const needed = Math.max(1, Math.min(quorum, available.length));
  const said = (how: string) => {
    const where = listed(failing.map((word) => spoken(word.location, nameOf)));
    return onlyLocal
      ? failing[0]!.errorMessage
      : `Down from ${where}${how}: ${failing[0]!.errorMessage ?? "no answer"}`;
  };
  const answering = available.filter((word) => word.status !== "unhealthy");
  const near = answering.find((word) => word.location === LOCAL_LOCATION) ?? answering[0];
  if (failing.length >= needed) {
    const outcome = { status: "unhealthy" as const, responseTime: null, errorMessage: said("") };
    return { decided: true, outcome, partial: [], locations };
  }
  if (failing.length > 0) {
    const outcome = {
      status: "degraded" as const,
      responseTime: near?.responseTime ?? null,
      errorMessage: said(" only"),
    };
    const partial = failing.map((word) => word.location);
    return { decided: true, outcome, partial, locations };
  }
  const worst = WORST_FIRST.find((status) => available.some((word) => word.status === status))!;
  const telling = available.find((word) => word.status === worst)!;
  const outcome = { status: worst, responseTime: near!.responseTime, errorMessage: telling.errorMessage };
  return { decided: true, outcome, partial: [], locations };
}
