// The table of check types as they run: what a check of each type does, and
// its conditions judged on what it saw, in place of the type's own verdict.
// This is all a remote probe loads of the check types (no schema library:
// docs/decisions/059-a-light-probe.md); the server reads targets from YAML
// with check-types.ts, whose table holds the same types with their schemas.
import type { HealthStatus } from "#shared/monitor/health.ts";
import { isDocumentationHost } from "#shared/monitor/placeholders.ts";
import { formatCondition, placeholderOf, type Condition } from "#server/monitor/conditions/condition.ts";
import { createConditionContext, evaluateCondition } from "#server/monitor/conditions/condition-eval.ts";
import { parseCondition } from "#server/monitor/conditions/condition-parser.ts";
import type { CheckContext, CheckRunner } from "./check-type.ts";
import { dnsRunner } from "./dns-check.ts";
import { httpRunner } from "./http-check.ts";
import { pushRunner } from "./push-check.ts";
import { tcpRunner } from "./tcp-check.ts";
import { tlsRunner } from "./tls-check.ts";

const TABLE = [httpRunner, tcpRunner, tlsRunner, dnsRunner, pushRunner] as const;
/** The types' keys, from the table: a new type is a new key. */
export type CheckKey = (typeof TABLE)[number]["key"];
// Each type's own target is its own affair; the table only dispatches on `type`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const RUNNERS: readonly CheckRunner<any, CheckKey>[] = TABLE;
const BY_KEY = new Map(RUNNERS.map((type) => [type.key, type]));
/** Each type's key and where it can run: the check kinds of the probe registry (server/probe-kinds.ts). */
export const checkKinds = (): readonly { key: CheckKey; runsAt: "any-location" | "server" }[] =>
  RUNNERS.map(({ key, runsAt }) => ({ key, runsAt }));

/** A host as the engine sees it: its type's fields, plus what every type takes. */
export type Target = {
  readonly type: CheckKey;
  readonly timeoutMs?: number;
  readonly conditions?: readonly Condition[];
  readonly [field: string]: unknown;
};

/** What one check says about a host. */
export type CheckOutcome = {
  status: HealthStatus;
  responseTime: number | null;
  errorMessage: string | null;
  retryAttempt: number;
  basic: boolean;
  /** Nothing to judge yet: the host keeps its state (a push monitor before its first call is due). */
  pending?: boolean;
};

export type CheckTarget = (target: Target, context: CheckContext) => Promise<CheckOutcome>;

/**
 * Parsed conditions by their text: a fleet usually repeats a few, and a parsed
 * condition is never changed, so 10,000 hosts share one object per text.
 * Bounded, as reloads may bring new texts.
 */
const parsedTexts = new Map<unknown, ReturnType<typeof parseCondition>>();
export function parseShared(text: unknown): ReturnType<typeof parseCondition> {
  let parsed = parsedTexts.get(text);
  if (!parsed) {
    if (parsedTexts.size >= 10_000) parsedTexts.clear();
    parsed = parseCondition(text as string);
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

function typeOf(target: Target): CheckRunner<unknown> {
  const type = BY_KEY.get(target.type);
  if (!type) throw new Error(`unknown check type ${target.type}`);
  return type;
}

/** A target at a documentation host (example.com, 192.0.2.x): a placeholder, never checked or alerted on. */
export function isPlaceholderTarget(target: Target): boolean {
  const host = typeOf(target).connectsTo(target);
  return host !== undefined && isDocumentationHost(host);
}

/** What the card shows as checked: the URL or host:port, never a credential. */
export function describeTarget(target: Target): string {
  return typeOf(target).describe(target);
}

/**
 * Runs a host's check. Without conditions the type's verdict stands; with
 * them, every condition must hold, and the failed ones are named. A check
 * that never reached its target stays that failure (ECONNREFUSED says more
 * than "[STATUS] (not provided) == 200"), unless its conditions only ask
 * whether it connected.
 */
export const runTarget: CheckTarget = async (target, context) => {
  const run = await typeOf(target).run(target, context);
  const outcome: CheckOutcome = {
    status: run.status,
    responseTime: run.responseTime,
    errorMessage: run.errorMessage,
    retryAttempt: run.retryAttempt,
    basic: run.basic,
  };
  if (run.pending) return { ...outcome, pending: true };
  const conditions = target.conditions ?? [];
  if (conditions.length === 0) return outcome;
  if (run.observation.connected === false && conditions.some((condition) => placeholderOf(condition) !== "[CONNECTED]"))
    return { ...outcome, status: "unhealthy" };
  const observed = createConditionContext(run.observation);
  const failed: string[] = [];
  for (const condition of conditions) {
    const verdict = evaluateCondition(condition, observed);
    if (!verdict.ok) failed.push(verdict.message);
  }
  if (failed.length === 0) return { ...outcome, status: "healthy", errorMessage: null };
  return { ...outcome, status: "unhealthy", errorMessage: `Condition failed: ${failed.join("; ")}` };
};

/** The conditions as written back (canonical), for the docs and the card's tooltip. */
export function conditionTexts(target: Target): string[] {
  return (target.conditions ?? []).map(formatCondition);
}
