// The monitoring rules, pure so the engine,
// the API and the dashboard agree: statuses, health scores, the overall
// status and the endpoint counts.

/** A host a service runs on, named in the monitoring configuration (the shipped one has "centron" and "local"). */
export type HostName = string;

export const HEALTH_STATUSES = ["healthy", "degraded", "unhealthy"] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
export type OverallStatus = HealthStatus | "unknown";

export const PROFILES = ["infrastructure", "critical", "standard", "external"] as const;

/** A tag groups services for the dashboard's filters: short and lower-case, so `?tag=` needs no case folding. */
export const TAG_PATTERN = /^[a-z0-9-]{1,40}$/;
export type ReliabilityProfile = (typeof PROFILES)[number];

export type CircuitState = "closed" | "open" | "half-open";

/** Any status string that is not one of the three counts as unhealthy: an answer we cannot read is no good news. */
export function normalizeStatus(value: unknown): HealthStatus {
  return value === "healthy" || value === "degraded" || value === "unhealthy" ? value : "unhealthy";
}

/**
 * Score of a result without a response time: healthy 95, degraded 70, unhealthy 0 (a host that refuses every
 * connection serves nobody: any score above nothing would read as partly working).
 */
export function defaultScore(status: HealthStatus): number {
  return status === "healthy" ? 95 : status === "degraded" ? 70 : 0;
}

/** A healthy result scored by its response time: the faster, the higher. */
export function responseTimeScore(ms: number): number {
  if (ms < 50) return 100;
  if (ms < 100) return 95;
  if (ms < 200) return 90;
  if (ms < 500) return 85;
  if (ms < 1000) return 80;
  return 75;
}

/** A basic check (connectivity only, as the TCP checks of infrastructure hosts) scores a fixed 85. */
export const BASIC_CHECK_SCORE = 85;

export function hostScore(result: { status: HealthStatus; responseTime: number | null; basic: boolean }): number {
  if (result.status !== "healthy") return defaultScore(result.status);
  if (result.basic) return BASIC_CHECK_SCORE;
  return result.responseTime === null ? defaultScore("healthy") : responseTimeScore(result.responseTime);
}

/**
 * The service's score: the mean of its checked hosts' scores, in the
 * configuration's order. Infrastructure uses its one (first) host only, as
 * a data centre is scored by its central host.
 */
export function overallScore(profile: ReliabilityProfile, scores: readonly number[]): number {
  const used = profile === "infrastructure" ? scores.slice(0, 1) : scores;
  if (used.length === 0) return 0;
  return Math.round(used.reduce((sum, score) => sum + score, 0) / used.length);
}

/** Unhealthy if any is unhealthy, else degraded if any is degraded, else healthy; unknown without data. */
export function combineStatus(statuses: readonly HealthStatus[]): OverallStatus {
  if (statuses.length === 0) return "unknown";
  if (statuses.includes("unhealthy")) return "unhealthy";
  if (statuses.includes("degraded")) return "degraded";
  return "healthy";
}

/** An infrastructure entry counts as 1 endpoint, others as one per host. */
export function endpointCount(profile: ReliabilityProfile, hosts: number): number {
  return profile === "infrastructure" ? 1 : hosts;
}

/** Health colour bands: 80 green, 60 yellow, 40 orange, below red. */
export function scoreBand(score: number): "green" | "yellow" | "orange" | "red" {
  return score >= 80 ? "green" : score >= 60 ? "yellow" : score >= 40 ? "orange" : "red";
}
