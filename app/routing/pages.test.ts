import { describe, expect, it } from "vitest";
import { prerenderPaths } from "./pages.ts";

describe("prerenderPaths", () => {
  it("builds every public page ahead of time, the contact pages included (their form token comes in a cookie)", () => {
    const paths = prerenderPaths();
    for (const path of [
      "/en",
      "/de",
      "/en/about",
      "/de/about",
      "/en/contact",
      "/de/contact",
      "/en/news/1",
      "/sitemap.xml",
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
