// Guessing the keys presented in requests, on a fake clock and both
// databases: misses are counted per client network before any lookup, a
// right key costs nothing, and nobody else is held by one client's misses.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "#server/auth/throttle.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";

const TOKEN = "metrics-bearer-0123456789abcdef";

describe.each(testDatabases())("wrong keys on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, { TRUST_PROXY: "true", METRICS_TOKEN: TOKEN });
  });
  afterEach(() => cleanup());

  const scrape = (address: string, token: string) =>
    t.app.request("http://localhost/metrics", {
      headers: { "x-forwarded-for": address, authorization: `Bearer ${token}` },
    });
  const statuses = async (requests: (Response | Promise<Response>)[]) =>
    (await Promise.all(requests)).map((response) => response.status);

  it(
    "40 wrong bearers at once from one address: a few are looked at, " +
      "the rest wait, and a right one from elsewhere passes",
    async () => {
      const answers = await statuses(Array.from({ length: 40 }, (_, i) => scrape("203.0.113.7", `wrong-${i}`)));
      const looked = answers.filter((status) => status === 401).length;
      expect(looked).toBe(THROTTLE_RULES["key-miss:network"].free + 1);
      expect(answers.filter((status) => status === 429)).toHaveLength(40 - looked);
      const refused = await scrape("203.0.113.7", "wrong-again");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address, and another IPv4 spelling of nobody else, are not held.
      expect((await scrape("198.51.100.9", TOKEN)).status).toBe(200);
      // The same address in another spelling is the same client.
      expect((await scrape("::ffff:203.0.113.7", TOKEN)).status).toBe(429);
      // Once its wait is over, the client may try again.
      t.advance(THROTTLE_RULES["key-miss:network"].windowMs);
      expect((await scrape("203.0.113.7", TOKEN)).status).toBe(200);
    },
  );

  it("a right key gives its try back: a busy scraper with one typo is never held", async () => {
    for (let round = 0; round < 3; round += 1) {
      expect(await statuses(Array.from({ length: 20 }, () => scrape("2001:db8:7::1", TOKEN)))).toEqual(
        Array.from({ length: 20 }, () => 200),
      );
      expect((await scrape("2001:db8:7::2", "one-typo")).status).toBe(401);
    }
  });

  it("one IPv6 /64 is one client", async () => {
    const answers = await statuses(
      Array.from({ length: 30 }, (_, i) => scrape(`2001:db8:5:6::${(i + 1).toString(16)}`, `wrong-${i}`)),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(THROTTLE_RULES["key-miss:network"].free + 1);
    expect((await scrape("2001:db8:5:7::1", TOKEN)).status).toBe(200);
  });
});
