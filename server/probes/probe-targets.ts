// A target as the server sends it (its YAML shape, which the server's schema
// checked when the configuration loaded) made ready to run on a probe: its
// type found by its one key, its conditions parsed. The probe checks no more
// of its shape than that, as it loads no schema library
// (docs/decisions/059-a-light-probe.md): the server it signed in to is the
// configuration's authority, and a field a type cannot use fails that check
// with its own error.
import { checkKinds, parseShared, type Target } from "#server/monitor/checks/check-runners.ts";
import type { Condition } from "#server/monitor/conditions/condition.ts";

export type ReadTarget = { ok: true; target: Target } | { ok: false; error: string };

function readConditions(texts: unknown): { ok: true; conditions: Condition[] } | { ok: false; error: string } {
  if (!Array.isArray(texts)) return { ok: false, error: "conditions: must be a list" };
  const conditions: Condition[] = [];
  for (const [index, text] of texts.entries()) {
    const parsed = typeof text === "string" ? parseShared(text) : undefined;
    if (!parsed?.ok) return { ok: false, error: `conditions.${index}: ${parsed?.error ?? "must be text"}` };
    conditions.push(parsed.condition);
  }
  return { ok: true, conditions };
}

/** The target to run, or why this probe cannot run it. */
export function readTarget(raw: Record<string, unknown>): ReadTarget {
  const kinds = checkKinds().filter((kind) => kind.key in raw);
  if (kinds.length !== 1) return { ok: false, error: `needs exactly one check type, found ${kinds.length}` };
  const { key, runsAt } = kinds[0]!;
  if (runsAt !== "any-location") return { ok: false, error: `a "${key}" check runs at the server only` };
  const { conditions: texts, ...fields } = raw;
  if (texts === undefined) return { ok: true, target: { ...fields, type: key } };
  const read = readConditions(texts);
  return read.ok ? { ok: true, target: { ...fields, conditions: read.conditions, type: key } } : read;
}
