import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFormTokens, MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import type { App } from "./app.ts";
import { createNodeListener } from "./node-listener.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";
import { createUnknownPathCheck } from "./unknown-paths.ts";

function file(text: string, cacheControl = "public, max-age=0, must-revalidate"): SiteFile {
  return {
    body: Buffer.from(text),
    etag: `"${text.length}-tag"`,
    contentType: "text/html; charset=utf-8",
    cacheControl,
  };
}

const files: SiteFiles = {
  assets: new Map(),
  pages: new Map([
    ["/en/about", file("about")],
    ["/en/contact", file("contact en")],
    ["/de/contact", file("contact de")],
  ]),
  variants: {
    en: new Map([["/contact", file("auto contact en")]]),
    de: new Map([["/contact", file("auto contact de")]]),
  },
  notFound: { en: file("not found", "no-store"), de: file("nicht gefunden", "no-store") },
  madeForOrigin: [],
};

// The route tables as a build and the Hono app give them.
const routerBuild = {
  routes: {
    root: { id: "root", path: "" },
    site: { id: "site", parentId: "root" },
    "en:contact": { id: "en:contact", parentId: "site", path: "en/contact" },
    "en:news-article": { id: "en:news-article", parentId: "site", path: "en/news/:id" },
    "not-found": { id: "not-found", parentId: "site", path: "*" },
    admin: { id: "admin", parentId: "root", path: "admin" },
  },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as Parameters<typeof createUnknownPathCheck>[0];

let now = Date.parse("2026-01-05T09:00:00Z");
const tokens = createFormTokens(Buffer.alloc(32, 7), () => now);
let appHits: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  const app = new Hono();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.all("*", (c) => {
    appHits.push(new URL(c.req.url).pathname);
    return c.text("rendered by the app");
  });
  const isUnknownPath = createUnknownPathCheck(
    routerBuild,
    app.routes.map((route) => route.path),
  );
  server = createServer(
    createNodeListener(app as unknown as App, files, { trustProxy: false, formTokens: tokens, isUnknownPath }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  appHits = [];
});

const tokenOf = (response: Response) => /^form-token=([^;]+);/.exec(response.headers.get("set-cookie") ?? "")?.[1];

describe("the Node listener", () => {
  it(
    "serves the contact pages from memory, each answer with a " + "freshly signed form token in a strict cookie",
    async () => {
      const first = await fetch(`${origin}/en/contact`);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe("contact en");
      expect(first.headers.get("set-cookie")).toMatch(
        /^form-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/,
      );
      // A page that sets a cookie is for this visitor only.
      expect(first.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
      now += 1_000;
      const second = await fetch(`${origin}/contact`, { headers: { "accept-language": "de" } });
      expect(await second.text()).toBe("auto contact de");
      expect(tokenOf(second)).not.toBe(tokenOf(first));
      expect(appHits).toEqual([]);

      // The token is the server's time trap: good once the visitor has taken a moment.
      expect(tokens.check(tokenOf(first)!)).toMatchObject({ ok: false, reason: "too-early" });
      now += MIN_FORM_AGE_MS;
      expect(tokens.check(tokenOf(first)!)).toEqual({ ok: true });
    },
  );

  it("sets the token on a revalidation (304) too, and names it __Host- with Secure off localhost", async () => {
    // fetch() will not send another Host: a plain request.
    const revalidated = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${origin}/de/contact`, { headers: { host: "example.com", "if-none-match": '"10-tag"' } }, resolve).on(
        "error",
        reject,
      ),
    );
    revalidated.resume();
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["set-cookie"]?.[0]).toMatch(
      /^__Host-form-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400; Secure$/,
    );
  });

  it("sets no cookie on other pages", async () => {
    const about = await fetch(`${origin}/en/about`);
    expect(about.status).toBe(200);
    expect(about.headers.get("set-cookie")).toBeNull();
  });

  it(
    "answers an unknown path from memory with the not-found page and " +
      "status 404, in the path's or the visitor's language",
    async () => {
      const english = await fetch(`${origin}/en/no-such-page?x=1`);
      expect(english.status).toBe(404);
      expect(await english.text()).toBe("not found");
      expect(english.headers.get("content-security-policy")).toContain("default-src 'none'");
      const german = await fetch(`${origin}/gibt-es-nicht`, { headers: { "accept-language": "de-DE" } });
      expect(german.status).toBe(404);
      expect(await german.text()).toBe("nicht gefunden");
      expect(german.headers.get("vary")).toBe("Accept-Encoding, Cookie, Accept-Language");
      expect(appHits).toEqual([]);
    },
  );

  it(
    "leaves to the app what a route answers: its own routes, route " +
      "parameters, posts, query strings and trailing slashes",
    async () => {
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      for (const path of [
        "/en/news/9",
        "/admin",
        "/en/contact?ref=mail",
        "/en/nope/",
        "/en/about.data",
        "/__manifest",
      ]) {
        expect(await (await fetch(`${origin}${path}`)).text(), path).toBe("rendered by the app");
      }
      expect((await fetch(`${origin}/en/nope`, { method: "POST" })).status).toBe(200);
      expect(appHits).toEqual([
        "/en/news/9",
        "/admin",
        "/en/contact",
        "/en/nope/",
        "/en/about.data",
        "/__manifest",
        "/en/nope",
      ]);
    },
  );
});
