// A probe stays light (docs/decisions/059-a-light-probe.md): what
// `npm run probe` loads, followed import by import from its entry, is this
// project's own code and Node's, and no package: a schema library, a logger or
// fetch's HTTP stack would each cost a probe a sixth of its memory.
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const ALIASES = Object.entries(
  (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { imports: Record<string, string> }).imports,
).map(([alias, target]) => [alias.replace("*", ""), target.replace("*", "")] as const);

/** The specifiers a module loads when it runs: type-only imports and exports are left out (they are erased). */
function loadedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const statements = /^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"([^"]+)";|^import\s+"([^"]+)";/gms;
  for (const [, typeOnly, clause = "", from, bare] of source.matchAll(statements)) {
    if (bare) found.push(bare);
    if (!from || typeOnly) continue;
    const names = clause
      .replace(/^\{|\}$/g, "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const onlyTypes = clause.startsWith("{") && names.every((name) => name.startsWith("type "));
    if (!onlyTypes) found.push(from);
  }
  return found;
}

function resolveLocal(specifier: string, from: string): string | undefined {
  for (const [alias, target] of ALIASES)
    if (specifier.startsWith(alias)) return join(ROOT, target, specifier.slice(alias.length));
  return specifier.startsWith(".") ? normalize(join(dirname(from), specifier)) : undefined;
}

/** Every package (not node:) the entry loads, with the file that loads it. */
function packagesLoadedBy(entry: string): string[] {
  const seen = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of loadedSpecifiers(readFileSync(file, "utf8"))) {
      const local = resolveLocal(specifier, file);
      if (local) visit(local);
      else if (!specifier.startsWith("node:")) packages.push(`${specifier} (from ${relative(ROOT, file)})`);
    }
  };
  visit(join(ROOT, entry));
  return packages;
}

describe("what a probe loads", () => {
  it("is no package at all: only the project's code and Node's", () => {
    expect(packagesLoadedBy("scripts/probe.ts")).toEqual([]);
  });

  it("would be caught: the server's entry loads packages, each named with the file that loads it", () => {
    const server = packagesLoadedBy("server/monitoring-config.ts");
    expect(server).toContain("zod (from server/monitoring-config.ts)");
    expect(server.some((line) => line.startsWith("zod (from server/monitor/checks/http-target.ts)"))).toBe(true);
  });
});
