// The table of check types. A host's YAML names its type by its one key
// (`url`, `tcp`, `tls`, `dns` or `push`); the schema of a host is built from
// this table, every type taking `timeoutMs` and Gatus-style `conditions`,
// which are parsed once here, at load, with the path of a bad one. Running a
// check is the type's run, then its conditions, when it has any, in place of
// the type's own verdict.
import { z } from "zod";
import type { HealthStatus } from "#shared/monitor/health.ts";
import { isDocumentationHost } from "#shared/monitor/placeholders.ts";
import { formatCondition, placeholderOf, type Condition } from "#server/monitor/conditions/condition.ts";
import { createConditionContext, evaluateCondition } from "#server/monitor/conditions/condition-eval.ts";
import { parseCondition } from "#server/monitor/conditions/condition-parser.ts";
import type { CheckContext, CheckType } from "./check-type.ts";
import { dnsCheck } from "./dns-check.ts";
import { httpCheck } from "./http-check.ts";
import { pushCheck } from "./push-check.ts";
import { tcpCheck } from "./tcp-check.ts";
import { tlsCheck } from "./tls-check.ts";

const TABLE = [httpCheck, tcpCheck, tlsCheck, dnsCheck, pushCheck] as const;
/** The types' keys, from the table: a new type is a new key. */
export type CheckKey = (typeof TABLE)[number]["key"];
// Each type's own target is its own affair; the table only dispatches on `type`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const CHECK_TYPES: readonly CheckType<any, CheckKey>[] = TABLE;
const BY_KEY = new Map(CHECK_TYPES.map((type) => [type.key, type]));
/** Each type's key and where it can run: the check kinds of the probe registry (server/probe-kinds.ts). */
export const checkKinds = (): readonly { key: CheckKey; runsAt: "any-location" | "server" }[] =>
  CHECK_TYPES.map(({ key, runsAt }) => ({ key, runsAt }));
const KEYS = CHECK_TYPES.map((type) => `"${type.key}"`);
const NEEDS = `needs one of ${KEYS.slice(0, -1).join(", ")} or ${KEYS.at(-1)}`;

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

const MAX_CONDITIONS = 20;

const common = z.object({
  timeoutMs: z.number().int().min(100).max(60_000).optional(),
  conditions: z.array(z.unknown()).max(MAX_CONDITIONS, `at most ${MAX_CONDITIONS} conditions`).optional(),
});

/**
 * Parsed conditions by their text: a fleet usually repeats a few, and a parsed
 * condition is never changed, so 10,000 hosts share one object per text.
 * Bounded, as reloads may bring new texts.
 */
const parsedTexts = new Map<unknown, ReturnType<typeof parseCondition>>();
function parseShared(text: unknown): ReturnType<typeof parseCondition> {
  let parsed = parsedTexts.get(text);
  if (!parsed) {
    if (parsedTexts.size >= 10_000) parsedTexts.clear();
    parsed = parseCondition(text as string);
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

/** Lists of parsed conditions by their texts: hosts checked alike share one list, as they share its conditions. */
const parsedLists = new Map<string, readonly Condition[]>();
function sharedList(texts: readonly unknown[], conditions: readonly Condition[]): readonly Condition[] {
  if (conditions.length !== texts.length) return conditions;
  const key = JSON.stringify(texts);
  const found = parsedLists.get(key);
  if (found) return found;
  if (parsedLists.size >= 10_000) parsedLists.clear();
  parsedLists.set(key, conditions);
  return conditions;
}

/** Parses each condition once, refusing bad text and what this type does not measure, each at its index. */
function readConditions(
  texts: readonly unknown[],
  type: CheckType<unknown>,
  host: Record<string, unknown>,
  context: z.RefinementCtx,
): Condition[] {
  const conditions: Condition[] = [];
  texts.forEach((text, index) => {
    const parsed = parseShared(text);
    if (!parsed.ok) return context.addIssue({ code: "custom", message: parsed.error, path: ["conditions", index] });
    const placeholder = placeholderOf(parsed.condition);
    if (!type.placeholders.includes(placeholder)) {
      return context.addIssue({
        code: "custom",
        path: ["conditions", index],
        message: `a "${type.key}" check does not measure ${placeholder}; it measures ${type.placeholders.join(", ")}`,
      });
    }
    const refused = type.refuses?.(host, placeholder);
    if (refused) return context.addIssue({ code: "custom", path: ["conditions", index], message: refused });
    conditions.push(parsed.condition);
  });
  return conditions;
}

/** A type's schema with what every type takes, made once per type (10,000 hosts must not build 10,000 schemas). */
const fullSchemas = new Map<string, z.ZodObject>();
function fullSchema(type: CheckType<unknown>): z.ZodObject {
  let schema = fullSchemas.get(type.key);
  if (!schema) {
    schema = (type.schema as z.ZodObject).extend(common.shape).strict();
    fullSchemas.set(type.key, schema);
  }
  return schema;
}

/**
 * One host of a service, any type: `{ url, conditions? }`, `{ tcp }`, `{ tls }`, `{ dns }` or `{ push: { token } }`.
 */
export const targetSchema = z.unknown().transform((value, context): Target => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    context.addIssue({ code: "custom", message: NEEDS });
    return z.NEVER;
  }
  const found = CHECK_TYPES.filter((type) => type.key in value);
  if (found.length !== 1) {
    context.addIssue({
      code: "custom",
      message:
        found.length === 0
          ? NEEDS
          : `has ${found.map((type) => `"${type.key}"`).join(" and ")}: one check type per host`,
    });
    return z.NEVER;
  }
  const type = found[0]!;
  const result = fullSchema(type).safeParse(value);
  const texts = (value as { conditions?: unknown }).conditions;
  const conditions = Array.isArray(texts)
    ? readConditions(texts.slice(0, MAX_CONDITIONS), type, value as Record<string, unknown>, context)
    : [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.path[0] !== "conditions" || issue.path.length === 1)
        context.addIssue({ ...issue, code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  }
  // The type first: begun with the spread, each of 50,000 targets was 272 bytes instead of 72 (decision 057).
  return {
    type: type.key,
    ...result.data,
    ...(texts === undefined ? {} : { conditions: sharedList(texts as unknown[], conditions) }),
  };
});

function typeOf(target: Target): CheckType<unknown> {
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
