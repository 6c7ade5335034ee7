// The documentation and the comments keep up with the code: every decision
// is dated and has a status, every /api route is in docs/api.md, every file a
// comment or a document names exists, and no comment sends the reader to a
// text that is not in the repository ("the spec", an issue number) instead of
// stating the rule.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const DECISIONS = "docs/decisions";

/** Tracked files under the given paths. */
function tracked(...paths: string[]): string[] {
  return execFileSync("git", ["ls-files", ...paths], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}

describe("decisions", () => {
  it.each(readdirSync(DECISIONS).filter((name) => name.endsWith(".md")))(
    "%s has its number, a date and a status",
    (name) => {
      const lines = readFileSync(join(DECISIONS, name), "utf8").split("\n");
      expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)} `));
      expect(lines[2]).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
      expect(lines[3]).toMatch(/^Status: (Proposed|Accepted|Superseded by \d{3}|Deprecated)$/);
    },
  );
});

describe("docs/api.md", () => {
  let routes: string[] = [];
  let cleanup = async () => {};
  beforeAll(async () => {
    const database = await testDatabases()[0]!.open();
    cleanup = database.cleanup;
    const { app } = await createTestApp(database.handle);
    routes = [
      ...new Set(
        app.routes
          .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
  });
  afterAll(() => cleanup());

  it("names every API route the app serves", () => {
    const doc = readFileSync("docs/api.md", "utf8");
    // "GET|POST /api/push/<token>" documents two routes; ":id" and "<token>" are the same parameter;
    // a query string or a body may follow the path.
    const documented = (route: string) => {
      const [method, path] = route.split(" ") as [string, string];
      // A parameter's pattern (":id{[0-9]+}") is the router's business, not the reader's.
      const bare = path.replace(/\{[^}]*\}/g, "");
      const pattern = bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "(:\\w+|<\\w+>)");
      return new RegExp(`\`([A-Z]+\\|)*${method}(\\|[A-Z]+)* ${pattern}[\`? ]`).test(doc);
    };
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !documented(route))).toEqual([]);
  });
});

const SOURCES = tracked(
  "app",
  "server",
  "shared",
  "scripts",
  "tests",
  "content",
  "bench",
  "deploy",
  "index.ts",
  "*.config.ts",
).filter((file) => /\.tsx?$/.test(file));

describe("comments and documents", () => {
  it("name only files that exist", () => {
    const folders = "app|server|shared|scripts|tests|content|docs|config|deploy";
    const named = new RegExp(`\\b((?:${folders})\\/[\\w./[\\]-]+\\.(?:ts|tsx|md|yaml|json|conf|service))\\b`, "g");
    const missing: string[] = [];
    for (const file of [...SOURCES, ...tracked("docs", "README.md")]) {
      for (const [, path] of readFileSync(file, "utf8").matchAll(named)) {
        if (!existsSync(path!)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("state the rule instead of citing a text that is not in the repository", () => {
    const citation = /\b(the|product) spec\b|\bspec's\b|\(spec\b|\bspec section\b|\bissue #?\d+/i;
    // This file names what it looks for.
    const cited = SOURCES.filter((file) => file !== "scripts/documentation.integration.test.ts").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => `${file}:${index + 1}: ${line.trim()}`)
        .filter((line) => citation.test(line.slice(line.indexOf(": ") + 2))),
    );
    expect(cited).toEqual([]);
  });
});
