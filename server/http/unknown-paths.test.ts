import { describe, expect, it } from "vitest";
import { createUnknownPathCheck } from "./unknown-paths.ts";

const build = {
  routes: {
    root: { id: "root", path: "" },
    "admin-layout": { id: "admin-layout", parentId: "root" },
    admin: { id: "admin", parentId: "admin-layout", path: "admin" },
    dashboard: { id: "dashboard", parentId: "admin-layout", path: "admin/dashboard" },
    site: { id: "site", parentId: "root" },
    "en:about": { id: "en:about", parentId: "site", path: "en/about" },
    "auto:news-article": { id: "auto:news-article", parentId: "site", path: "news/:id" },
    "not-found": { id: "not-found", parentId: "site", path: "*" },
    feed: { id: "feed", parentId: "root", path: "en/news/rss.xml" },
  },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as Parameters<typeof createUnknownPathCheck>[0];

const serverPaths = [
  "*",
  "/*",
  "/healthz",
  "/api/*",
  "/api/contact",
  "/.well-known/acme-challenge/:token",
  "/files/:name{.+\\.txt}",
];
const isUnknown = createUnknownPathCheck(build, serverPaths);

describe("createUnknownPathCheck", () => {
  it.each([["/en/no-such-page"], ["/wp-login.php"], ["/en/about/more"], ["/healthzz"], ["/%E2%82%AC"]])(
    "%s is answered by nothing but the not-found page",
    (path) => {
      expect(isUnknown(path)).toBe(true);
    },
  );

  it.each([
    ["/", "the home page"],
    ["/en/about", "a page"],
    ["/EN/About", "a page in other case (React Router matches without case)"],
    ["/en/%61bout", "a page spelled with escapes"],
    ["/news/42", "a route parameter"],
    ["/admin/dashboard", "the staff area"],
    ["/en/news/rss.xml", "a resource route"],
    ["/healthz", "a server route"],
    ["/api/nothing-here", "the API's own 404"],
    ["/.well-known/acme-challenge/abc", "the ACME challenge"],
    ["/files/a/b.txt", "a parameter with its own pattern"],
    ["/en/nope/", "a trailing slash (it redirects)"],
    ["//evil.example", "an odd spelling"],
    ["/en/about.data", "router data"],
    ["/__manifest", "the route manifest"],
    ["/%E0%A4%A", "a malformed escape"],
  ])("%s is left to the app (%s)", (path) => {
    expect(isUnknown(path)).toBe(false);
  });
});
