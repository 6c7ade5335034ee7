// One check of one target: what every check type returns.
import type { HealthStatus } from "../../../shared/monitor/health.ts";
import type { Target } from "../monitor-config.ts";

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

/** Why a request failed, in a few words: the system's error code where there is one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "Timed out";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? `: ${cause.message}` : ""}`;
    if (cause?.message) return cause.message;
    return (error as { code?: string }).code ?? error.message;
  }
  return String(error);
}
