import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { HEAD_SCRIPT_HASH } from "./security-headers.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";

const [sqlite] = testDatabases();

describe("health, readiness, metrics and security headers", () => {
  let cleanup: () => Promise<void>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    const db = await sqlite!.open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, { METRICS_TOKEN: "a-metrics-token-of-length" });
  });
  afterEach(() => cleanup());

  it("reports alive and ready, and not ready when the database is gone", async () => {
    expect(await (await t.app.request("/healthz")).json()).toEqual({ status: "ok" });
    expect((await t.app.request("/readyz")).status).toBe(200);
    await t.services.database.close();
    const down = await t.app.request("/readyz");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: "unreachable" });
    expect((await t.app.request("/healthz")).status).toBe(200);
  });

  it("serves /metrics only with the bearer token", async () => {
    await t.app.request("/healthz");
    expect((await t.app.request("/metrics")).status).toBe(401);
    expect(
      (await t.app.request("/metrics", { headers: { authorization: "Bearer wrong-token-of-same-len" } })).status,
    ).toBe(401);
    const ok = await t.app.request("/metrics", { headers: { authorization: "Bearer a-metrics-token-of-length" } });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).toContain("http_requests_total");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("has no /metrics at all without METRICS_TOKEN", async () => {
    const bare = await createTestApp(t.services.database);
    expect((await bare.app.request("/metrics", { headers: { authorization: "Bearer anything" } })).status).toBe(404);
  });

  it("puts the security headers on API answers, with HSTS only over HTTPS", async () => {
    const response = await t.app.request("http://localhost/api/auth/session", { headers: browserHeaders() });
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'nonce-[^']+'/);
    expect(csp).toContain(HEAD_SCRIPT_HASH);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "frame-src https://www.openstreetmap.org",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const proxied = await createTestApp(t.services.database, { TRUST_PROXY: "true" });
    const https = await proxied.app.request("http://localhost/api/auth/session", {
      headers: browserHeaders({ "x-forwarded-proto": "https" }),
    });
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    // Without TRUST_PROXY the header is not believed.
    const spoofed = await t.app.request("http://localhost/api/auth/session", {
      headers: browserHeaders({ "x-forwarded-proto": "https" }),
    });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every response its own nonce", async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await t.app.request("/healthz")).headers.get("content-security-policy")!)?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});
