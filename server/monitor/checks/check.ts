// One check of one target: what every check type returns.
import type { HealthStatus } from "../../../shared/monitor/health.ts";
import type { Target } from "../services-config.ts";

export type CheckOutcome = {
  status: HealthStatus;
  /** Milliseconds of the last attempt; null when it never answered. */
  responseTime: number | null;
  errorMessage: string | null;
  /** Retries used within this check. */
  retryAttempt: number;
  /** A connectivity-only check (TCP): scores a fixed 85 when up. */
  basic: boolean;
};

export type CheckTarget = (target: Target, options: { timeoutMs: number; retries: number }) => Promise<CheckOutcome>;
