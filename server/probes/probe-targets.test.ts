// A probe makes the server's targets ready without a schema library: the type
// by its one key, the conditions parsed, and what it cannot run named.
import { describe, expect, it } from "vitest";
import { targetSchema, tablesAgree } from "#server/monitor/checks/check-types.ts";
import { rawTarget } from "./probe-assignments.ts";
import { readTarget } from "./probe-targets.ts";

describe("a target read by a probe", () => {
  it.each([
    { url: "https://api.example.com/health", conditions: ["[STATUS] == 200", "[RESPONSE_TIME] < 500"] },
    { url: "http://app.example.com/", auth: { type: "basic", username: "u", password: "p" } },
    { tcp: "db.example.com:5432", timeoutMs: 2000 },
    { tls: "mail.example.com:993", serverName: "mail.example.com" },
    { dns: { name: "example.com", type: "MX" }, conditions: ["[DNS_RCODE] == NOERROR"] },
  ])("is the target the server's schema reads from the same YAML: %j", (yaml) => {
    const server = targetSchema.parse(yaml);
    const read = readTarget(rawTarget(server));
    expect(read).toEqual({ ok: true, target: server });
  });

  it.each([
    [{ tcp: "a.example.com:1", url: "https://a.example.com" }, "needs exactly one check type, found 2"],
    [{ host: "a.example.com" }, "needs exactly one check type, found 0"],
    [{ push: { token: "x".repeat(20), graceSeconds: 60 } }, 'a "push" check runs at the server only'],
    [{ url: "https://a.example.com", conditions: ["[STATUS] =="] }, "conditions.0: "],
    [{ url: "https://a.example.com", conditions: [42] }, "conditions.0: must be text"],
    [{ url: "https://a.example.com", conditions: "[STATUS] == 200" }, "conditions: must be a list"],
  ])("is refused with its reason: %j", (raw, reason) => {
    const read = readTarget(raw);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.error).toContain(reason);
  });

  it("finds every type the server reads among those a probe runs, and no other", () => {
    expect(tablesAgree()).toBe(true);
  });
});
