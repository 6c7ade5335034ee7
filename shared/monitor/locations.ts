// Checks from more than one place, as both sides see them: the states a
// location can be in, one location's word on a host, and the limits every
// part agrees on.
import type { HealthStatus } from "./health.ts";

/** This server, always a location. */
export const LOCAL_LOCATION = "local";
/** A probe silent for this many of its intervals is "not reporting" (an incident of its own, never a target's). */
export const NOT_REPORTING_INTERVALS = 3;
/** A probe whose clock is further off than this has its results flagged; times shown are the server's. */
export const CLOCK_SKEW_LIMIT_MS = 5_000;

/**
 * Online: reporting, its own network up. Offline: its reference target failed, so its failures say nothing about the
 * targets. Not reporting: nothing heard for three intervals.
 */
export type LocationState = "online" | "offline" | "not-reporting";

/** One location's latest word on one host. "unknown": nothing from it in time for the last verdict. */
export type HostLocationResult = {
  location: string;
  status: HealthStatus | "offline" | "unknown";
  responseTime: number | null;
  /** Server time (ms) the result was measured, null when none came. */
  checkedAt: number | null;
  errorMessage: string | null;
  /** The probe's clock was off by more than CLOCK_SKEW_LIMIT_MS when it sent this. */
  clockSkewed: boolean;
};

/** A location as the dashboard lists it. */
export type LocationSummary = {
  id: string;
  name: string;
  state: LocationState;
  /** ISO time of its last batch (or the server's last round, for local); null when never heard. */
  lastSeen: string | null;
  /** Its clock minus the server's (ms), as last measured. */
  clockSkewMs: number;
  clockSkewed: boolean;
  /** Why it is offline (its reference target's error), when it is. */
  error: string | null;
};
