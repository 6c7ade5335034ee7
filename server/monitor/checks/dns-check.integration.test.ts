// The DNS check against a real DNS server on loopback UDP: each record type,
// the answer codes, an expected value, and a resolver that never answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer } from "#tests/peers/dns-server.ts";
import { runTarget, targetSchema } from "./check-types.ts";

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let resolver = "";

beforeAll(async () => {
  dns = await startDnsServer({
    records: {
      "www.example.test|A": ["192.0.2.10", "192.0.2.11"],
      "www.example.test|AAAA": ["2001:db8::10"],
      "alias.example.test|CNAME": ["www.example.test"],
      "example.test|MX": ["10 mx1.example.test", "20 mx2.example.test"],
      "example.test|TXT": ["v=spf1 -all"],
      "example.test|NS": ["ns1.example.test"],
      "_https._tcp.example.test|SRV": ["0 5 443 www.example.test"],
    },
    failing: { "broken.example.test": "SERVFAIL", "closed.example.test": "REFUSED" },
    silent: ["slow.example.test"],
  });
  resolver = `${dns.address}:${dns.port}`;
});
afterAll(() => dns.close());

const context = {
  timeoutMs: 1500,
  retries: 0,
  now: Date.now,
  intervalMs: 60_000,
  push: () => ({ receipt: undefined, watchedSince: Date.now() }),
};
const check = (dnsQuery: Record<string, unknown>, conditions?: string[]) =>
  runTarget(targetSchema.parse({ dns: { resolver, ...dnsQuery }, ...(conditions ? { conditions } : {}) }), context);

describe("DNS checks against a DNS server on loopback", () => {
  const cases: [string, Record<string, unknown>, string[] | undefined, string, RegExp | null][] = [
    ["an A record", { name: "www.example.test" }, undefined, "healthy", null],
    [
      "an A record with the expected address",
      { name: "www.example.test", expected: "192.0.2.11" },
      undefined,
      "healthy",
      null,
    ],
    [
      "an A record resolving elsewhere",
      { name: "www.example.test", expected: "192.0.2.99" },
      undefined,
      "unhealthy",
      /www\.example\.test A is 192\.0\.2\.10, 192\.0\.2\.11, not 192\.0\.2\.99/,
    ],
    [
      "an AAAA record",
      { name: "www.example.test", type: "AAAA", expected: "2001:db8::10" },
      undefined,
      "healthy",
      null,
    ],
    [
      "a CNAME",
      { name: "alias.example.test", type: "CNAME", expected: "www.example.test" },
      undefined,
      "healthy",
      null,
    ],
    ["MX records", { name: "example.test", type: "MX", expected: "10 mx1.example.test" }, undefined, "healthy", null],
    ["a TXT record", { name: "example.test", type: "TXT", expected: "v=spf1 -all" }, undefined, "healthy", null],
    ["an NS record", { name: "example.test", type: "NS" }, undefined, "healthy", null],
    [
      "an SRV record",
      { name: "_https._tcp.example.test", type: "SRV", expected: "0 5 443 www.example.test" },
      undefined,
      "healthy",
      null,
    ],
    [
      "a name that does not exist",
      { name: "nowhere.example.test" },
      undefined,
      "unhealthy",
      /^DNS NXDOMAIN for nowhere\.example\.test A$/,
    ],
    [
      "a name without the type asked",
      { name: "alias.example.test", type: "MX" },
      undefined,
      "unhealthy",
      /^No MX record for alias\.example\.test$/,
    ],
    ["a server failure", { name: "broken.example.test" }, undefined, "unhealthy", /SERVFAIL/],
    ["a refusal", { name: "closed.example.test" }, undefined, "unhealthy", /REFUSED/],
    ["a resolver that never answers", { name: "slow.example.test" }, undefined, "unhealthy", /^Timed out$/],
    ["[DNS_RCODE] as a condition", { name: "nowhere.example.test" }, ["[DNS_RCODE] == NXDOMAIN"], "healthy", null],
    [
      "[BODY] holds the answers",
      { name: "www.example.test" },
      ["[BODY] == pat(*192.0.2.11*)", "[DNS_RCODE] == NOERROR"],
      "healthy",
      null,
    ],
    [
      "a failed [DNS_RCODE] condition is named",
      { name: "broken.example.test" },
      ["[DNS_RCODE] == NOERROR"],
      "unhealthy",
      /^Condition failed: \[DNS_RCODE\] \(SERVFAIL\) == NOERROR$/,
    ],
  ];
  it.each(cases)("%s", async (_, query, conditions, status, error) => {
    const outcome = await check(query, conditions);
    expect(outcome.status).toBe(status);
    if (error) expect(outcome.errorMessage).toMatch(error);
    else expect(outcome.errorMessage).toBeNull();
  });

  it("asks the configured resolver, not the system's", async () => {
    const before = dns.queries;
    await check({ name: "www.example.test" });
    expect(dns.queries).toBeGreaterThan(before);
  });
});
