// The table of check types as the server reads them from YAML. A host's YAML
// names its type by its one key (`url`, `tcp`, `tls`, `dns` or `push`); the
// schema of a host is built from this table, every type taking `timeoutMs` and
// Gatus-style `conditions`, which are parsed once here, at load, with the path
// of a bad one. How a target runs is check-runners.ts (all a remote probe
// loads); its names are re-exported here for the server's parts.
import { z } from "zod";
import { placeholderOf, type Condition } from "#server/monitor/conditions/condition.ts";
import type { CheckType } from "./check-type.ts";
import { checkKinds, parseShared, type CheckKey, type Target } from "./check-runners.ts";
import { dnsCheck } from "./dns-target.ts";
import { httpCheck } from "./http-target.ts";
import { pushCheck } from "./push-target.ts";
import { tcpCheck } from "./tcp-target.ts";
import { tlsCheck } from "./tls-target.ts";

export * from "./check-runners.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const CHECK_TYPES: readonly CheckType<any, CheckKey>[] = [httpCheck, tcpCheck, tlsCheck, dnsCheck, pushCheck];
const KEYS = CHECK_TYPES.map((type) => `"${type.key}"`);
const NEEDS = `needs one of ${KEYS.slice(0, -1).join(", ")} or ${KEYS.at(-1)}`;

/** The keys of both tables, in order: a type with a runner and no schema (or the other way) is a slip. */
export const tablesAgree = (): boolean =>
  JSON.stringify(CHECK_TYPES.map((type) => type.key)) === JSON.stringify(checkKinds().map((kind) => kind.key));

const MAX_CONDITIONS = 20;

const common = z.object({
  timeoutMs: z.number().int().min(100).max(60_000).optional(),
  conditions: z.array(z.unknown()).max(MAX_CONDITIONS, `at most ${MAX_CONDITIONS} conditions`).optional(),
});

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
