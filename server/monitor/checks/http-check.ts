// HTTP health checks. Without conditions: a 2xx is up, and a
// JSON body's "status" field has the last word: healthy, degraded or
// unhealthy, or one of the common spellings (Spring Boot's UP/DOWN, "ok", the
// health-check response format's pass/warn/fail). Any other word is unhealthy.
// One deadline covers the whole check, retries and body included, so a target
// that hangs, drips bytes or sends a huge body never holds a round past its timeout.
// An https target's conditions may read [CERTIFICATE_EXPIRATION]: the
// certificate of the connection the check used. The request itself is
// server/net/http-get.ts.
import type { HealthStatus } from "#shared/monitor/health.ts";
import { urlHost } from "#shared/monitor/placeholders.ts";
import { describeError } from "#server/net/error-text.ts";
import { httpGet } from "#server/net/http-get.ts";
import type { CheckRun, CheckRunner } from "./check-type.ts";

/** More than this is not a health answer. */
export const MAX_BODY_BYTES = 64 * 1024;
const RETRY_PAUSE_MS = 100;

export type HttpTarget = {
  url: string;
  auth?:
    | { type: "none" }
    | { type: "api-key"; header: string; key: string }
    | { type: "basic"; username: string; password: string };
};

/** What a service may say in its "status" field, lower-cased; anything else is unhealthy. */
const STATUS_WORDS: Record<string, HealthStatus> = {
  healthy: "healthy",
  up: "healthy",
  ok: "healthy",
  pass: "healthy",
  degraded: "degraded",
  warn: "degraded",
  unhealthy: "unhealthy",
  down: "unhealthy",
  fail: "unhealthy",
};

/** A 2xx body's verdict: the "status" word when the body is JSON and has one, else healthy. */
export function judgeHealthBody(body: string): { status: HealthStatus; errorMessage: string | null } {
  let reported: unknown;
  try {
    const json = JSON.parse(body) as unknown;
    reported = typeof json === "object" && json !== null ? (json as { status?: unknown }).status : undefined;
  } catch {
    return { status: "healthy", errorMessage: null }; // not JSON ("ok", "OK"): the 2xx is the answer
  }
  if (reported === undefined) return { status: "healthy", errorMessage: null };
  const status = (typeof reported === "string" ? STATUS_WORDS[reported.toLowerCase()] : undefined) ?? "unhealthy";
  return { status, errorMessage: status === "healthy" ? null : `Service reports "${String(reported).slice(0, 40)}"` };
}

function headersFor(target: HttpTarget): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: "application/json, application/health+json;q=0.9, */*;q=0.5",
    "User-Agent": "muster-digital-monitor",
  };
  const credentials = target.auth;
  if (credentials?.type === "api-key") headers[credentials.header] = credentials.key;
  if (credentials?.type === "basic") {
    const pair = `${credentials.username}:${credentials.password}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  }
  return headers;
}

/**
 * A target's URL and headers, made once per target rather than once per
 * check: a target is never changed (a reload brings new ones, and the old
 * ones' entries go with them), and neither is what is read from it here.
 */
const requestParts = new WeakMap<HttpTarget, { url: URL; headers: Record<string, string> }>();
function requestOf(target: HttpTarget): { url: URL; headers: Record<string, string> } {
  let parts = requestParts.get(target);
  if (!parts) {
    parts = { url: new URL(target.url), headers: headersFor(target) };
    requestParts.set(target, parts);
  }
  return parts;
}

/** How long the certificate of an https target has left, as of its answer; nothing for plain http. */
function certificateLeft(expiresAt: number | undefined, now: number): { certificateExpiresInMs?: number } {
  return expiresAt === undefined ? {} : { certificateExpiresInMs: expiresAt - now };
}

async function attempt(
  target: HttpTarget,
  timeoutMs: number,
  started: number,
  now: () => number,
): Promise<Omit<CheckRun, "retryAttempt" | "basic">> {
  const answer = await httpGet({ ...requestOf(target), timeoutMs, maxBodyBytes: MAX_BODY_BYTES });
  const responseTime = Math.round(performance.now() - started);
  const observation = {
    status: answer.status,
    responseTimeMs: responseTime,
    body: answer.body,
    connected: true,
    ...certificateLeft(answer.certificateExpiresAt, now()),
  };
  if (answer.status < 200 || answer.status > 299)
    return { status: "unhealthy", errorMessage: `HTTP ${answer.status}`, responseTime, observation };
  return { ...judgeHealthBody(answer.body), responseTime, observation };
}

/** The URL as the card shows it: no user, password or query (where tokens hide). */
function describe(target: HttpTarget): string {
  const url = new URL(target.url);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

async function run(
  target: HttpTarget,
  context: { timeoutMs: number; retries: number; now: () => number },
): Promise<CheckRun> {
  const deadline = performance.now() + context.timeoutMs;
  let last: CheckRun = {
    status: "unhealthy",
    responseTime: null,
    errorMessage: "Not checked",
    retryAttempt: 0,
    basic: false,
    observation: { connected: false },
  };
  for (let retry = 0; retry <= context.retries; retry += 1) {
    const remaining = deadline - performance.now();
    if (remaining <= 0) break;
    const started = performance.now();
    try {
      const result = await attempt(target, Math.max(1, Math.floor(remaining)), started, context.now);
      last = { ...result, retryAttempt: retry, basic: false };
      // A service that answers, even "unhealthy" or 4xx, was reached: its word stands. A 5xx may pass.
      if (!result.errorMessage?.startsWith("HTTP 5")) return last;
    } catch (error) {
      const message = describeError(error);
      last = {
        status: "unhealthy",
        responseTime: null,
        errorMessage: message,
        retryAttempt: retry,
        basic: false,
        observation: { connected: false },
      };
      if (message === "Timed out") return last;
    }
    if (deadline - performance.now() > RETRY_PAUSE_MS)
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
  return last;
}

export const httpRunner: CheckRunner<HttpTarget, "url"> = {
  key: "url",
  runsAt: "any-location",
  describe,
  connectsTo: (target) => urlHost(target.url),
  run,
};
