// The audit trail is append-only: no module but audit-trail.ts may update or
// delete its rows (the year's retention is the one delete).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const OWNER = "server/audit/audit-trail.ts";
const WRITES = /\b(updateTable|deleteFrom)\(\s*["'`]audit_events["'`]|\b(update|delete\s+from)\s+audit_events\b/i;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe("the audit trail is append-only", () => {
  it("is updated or deleted nowhere in the app but by its own module's retention", () => {
    const files = ["server", "app", "scripts", "shared"].flatMap(sources);
    expect(files).toContain(OWNER);
    const offending = files.filter((file) => file !== OWNER && WRITES.test(readFileSync(join(ROOT, file), "utf8")));
    expect(offending).toEqual([]);
    expect(WRITES.test(readFileSync(join(ROOT, OWNER), "utf8"))).toBe(true);
  });
});
