// HTTP health checks. 2xx is up; a JSON body with a "status" field says
// healthy, degraded or unhealthy (anything else is unhealthy). One deadline
// covers the whole check, retries and body included, so a target that hangs,
// drips bytes or sends a huge body never holds a cycle past its timeout.
import { normalizeStatus } from "../../../shared/monitor/health.ts";
import type { Target } from "../services-config.ts";
import { readCapped } from "../../net/capped-read.ts";
import { describeError } from "../../net/error-text.ts";
import type { CheckOutcome } from "./check.ts";

/** More than this is not a health answer. */
export const MAX_BODY_BYTES = 64 * 1024;
const RETRY_PAUSE_MS = 100;

type HttpTarget = Extract<Target, { url: string }>;

function headersFor(target: HttpTarget): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json", "User-Agent": "muster-digital-monitor" };
  const auth = target.auth;
  if (auth?.type === "api-key") headers[auth.header] = auth.key;
  if (auth?.type === "basic") headers.Authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;
  return headers;
}

async function attempt(target: HttpTarget, signal: AbortSignal): Promise<Omit<CheckOutcome, "retryAttempt" | "basic" | "responseTime">> {
  const response = await fetch(target.url, { headers: headersFor(target), signal, redirect: "manual" });
  const body = await readCapped(response, MAX_BODY_BYTES);
  if (response.status < 200 || response.status > 299) return { status: "unhealthy", errorMessage: `HTTP ${response.status}` };
  let reported: unknown;
  try {
    reported = (JSON.parse(body) as { status?: unknown } | null)?.status;
  } catch {
    return { status: "healthy", errorMessage: null }; // not JSON: the 2xx is the answer
  }
  if (reported === undefined) return { status: "healthy", errorMessage: null };
  const status = normalizeStatus(reported);
  return { status, errorMessage: status === "healthy" ? null : `Service reports "${String(reported).slice(0, 40)}"` };
}

export async function checkHttp(target: HttpTarget, options: { timeoutMs: number; retries: number }): Promise<CheckOutcome> {
  const deadline = performance.now() + options.timeoutMs;
  let last: CheckOutcome = { status: "unhealthy", responseTime: null, errorMessage: "Not checked", retryAttempt: 0, basic: false };
  for (let retry = 0; retry <= options.retries; retry += 1) {
    const remaining = deadline - performance.now();
    if (remaining <= 0) break;
    const started = performance.now();
    try {
      const result = await attempt(target, AbortSignal.timeout(Math.max(1, Math.floor(remaining))));
      last = { ...result, responseTime: Math.round(performance.now() - started), retryAttempt: retry, basic: false };
      // A service that answers "unhealthy" or "degraded" was reached: its word stands.
      if (result.status !== "unhealthy" || !result.errorMessage?.startsWith("HTTP 5")) return last;
    } catch (error) {
      const message = describeError(error);
      last = { status: "unhealthy", responseTime: null, errorMessage: message, retryAttempt: retry, basic: false };
      if (message === "Timed out") return last;
    }
    if (deadline - performance.now() > RETRY_PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
  return last;
}
