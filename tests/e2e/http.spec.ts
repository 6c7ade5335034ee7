import { expect, test } from "@playwright/test";

test("prerendered pages are served precompressed with validators", async ({ request }) => {
  const br = await request.get("/en/about", { headers: { "Accept-Encoding": "br" } });
  expect(br.status()).toBe(200);
  expect(br.headers()["content-encoding"]).toBe("br");
  const etag = br.headers()["etag"];
  expect(etag).toMatch(/^".+-br"$/);
  const again = await request.get("/en/about", { headers: { "Accept-Encoding": "br", "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
  const gzip = await request.get("/en/about", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  const identity = await request.get("/en/about", { headers: { "Accept-Encoding": "identity" } });
  expect(identity.headers()["content-encoding"]).toBeUndefined();
  expect(await identity.text()).toContain('<html lang="en"');
});

test("unprefixed pages vary by language and are not shared by caches", async ({ request }) => {
  const response = await request.get("/about", { headers: { "Accept-Language": "de" } });
  expect(response.headers()["vary"]).toContain("Cookie");
  expect(response.headers()["vary"]).toContain("Accept-Language");
  expect(response.headers()["cache-control"]).toContain("private");
});

test("hashed assets are cached for a year, immutable", async ({ request }) => {
  const html = await (await request.get("/en")).text();
  const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  expect(script).toMatch(/^\/islands\/assets\/.+\.js$/);
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
  expect((await request.get(css!)).headers()["cache-control"]).toContain("immutable");
});

test("public pages load no router bundle", async ({ request }) => {
  const html = await (await request.get("/de/news")).text();
  expect(html).not.toContain("__reactRouterContext");
  expect(html).not.toMatch(/src="\/assets\/[^"]*\.js"/);
});
