// The wire between a remote probe and the server, read by both ends. Times are
// epoch milliseconds of the sender's clock. What the probe sends is checked by
// the server with a schema (probe-results-schema.ts); what the server answers
// is checked here, by hand, as the probe loads no schema library
// (docs/decisions/059-a-light-probe.md): neither trusts the other's shape.

/** Results in one batch, and the bytes of its body. */
export const MAX_BATCH_RESULTS = 5000;
export const MAX_BATCH_BYTES = 1024 * 1024;
export const MAX_ERROR = 500;

export type ProbeResult = {
  key: string;
  checkedAt: number;
  status: "healthy" | "degraded" | "unhealthy";
  responseTime: number | null;
  errorMessage: string | null;
};

export type ProbeConnectivity = { online: boolean; checkedAt: number | null; error: string | null };

export type ResultsBody = { sentAt: number; connectivity: ProbeConnectivity; results: ProbeResult[] };

export type ResultsAnswer = { stored: number; ignored: number; serverTime: number };

export type ProbeCheck = {
  key: string;
  target: Record<string, unknown>;
  intervalSeconds: number;
  timeoutMs: number;
  retries: number;
};

export type ProbeDefaults = {
  intervalSeconds: number;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  staggerSeconds?: number;
};

export type AssignmentsAnswer = {
  location: { id: string; name: string };
  serverTime: number;
  revision: string;
  defaults: ProbeDefaults;
  connectivity: Record<string, unknown> | null;
  checks: ProbeCheck[];
};
export type ProbeAssignments = Omit<AssignmentsAnswer, "serverTime">;

/** What is wrong with an answer, by its path ("checks.3.timeoutMs: must be a number above 0"). */
export class AnswerError extends Error {}

type Json = Record<string, unknown>;

function objectAt(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new AnswerError(`${path}: must be an object`);
  return value as Json;
}

function stringAt(value: unknown, path: string): string {
  if (typeof value !== "string") throw new AnswerError(`${path}: must be text`);
  return value;
}

function numberAt(value: unknown, path: string, { min = -Infinity, integer = false, above = false } = {}): number {
  const ok =
    typeof value === "number" &&
    Number.isFinite(value) &&
    (above ? value > min : value >= min) &&
    !(integer && !Number.isInteger(value));
  if (!ok)
    throw new AnswerError(
      `${path}: must be ${integer ? "a whole number" : "a number"} ${above ? "above" : "of at least"} ${min}`,
    );
  return value as number;
}

function readDefaults(value: unknown): ProbeDefaults {
  const json = objectAt(value, "defaults");
  const stagger = json.staggerSeconds;
  return {
    intervalSeconds: numberAt(json.intervalSeconds, "defaults.intervalSeconds", { min: 0, above: true }),
    timeoutMs: numberAt(json.timeoutMs, "defaults.timeoutMs", { min: 0, above: true }),
    retries: numberAt(json.retries, "defaults.retries", { min: 0, integer: true }),
    concurrency: numberAt(json.concurrency, "defaults.concurrency", { min: 1, integer: true }),
    ...(stagger === undefined ? {} : { staggerSeconds: numberAt(stagger, "defaults.staggerSeconds", { min: 0 }) }),
  };
}

function readCheck(value: unknown, index: number): ProbeCheck {
  const path = `checks.${index}`;
  const json = objectAt(value, path);
  return {
    key: stringAt(json.key, `${path}.key`),
    target: objectAt(json.target, `${path}.target`),
    intervalSeconds: numberAt(json.intervalSeconds, `${path}.intervalSeconds`, { min: 0, above: true }),
    timeoutMs: numberAt(json.timeoutMs, `${path}.timeoutMs`, { min: 0, above: true }),
    retries: numberAt(json.retries, `${path}.retries`, { min: 0, integer: true }),
  };
}

/** The server's assignments as the probe reads them; throws an AnswerError naming the first thing wrong. */
export function readAssignmentsAnswer(value: unknown): AssignmentsAnswer {
  const json = objectAt(value, "answer");
  const location = objectAt(json.location, "location");
  if (!Array.isArray(json.checks)) throw new AnswerError("checks: must be a list");
  return {
    location: { id: stringAt(location.id, "location.id"), name: stringAt(location.name, "location.name") },
    serverTime: numberAt(json.serverTime, "serverTime", { min: 0 }),
    revision: stringAt(json.revision, "revision"),
    defaults: readDefaults(json.defaults),
    connectivity: json.connectivity === null ? null : objectAt(json.connectivity, "connectivity"),
    checks: json.checks.map(readCheck),
  };
}

/** The server's answer to a batch; throws an AnswerError when it is not one. */
export function readResultsAnswer(value: unknown): ResultsAnswer {
  const json = objectAt(value, "answer");
  return {
    stored: numberAt(json.stored, "stored", { min: 0 }),
    ignored: numberAt(json.ignored, "ignored", { min: 0 }),
    serverTime: numberAt(json.serverTime, "serverTime", { min: 0 }),
  };
}
