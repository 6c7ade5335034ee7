// The audit trail's store on SQLite and PostgreSQL: newest first, filters,
// cursors both ways, the year's retention, and a failed write that the action
// it records never sees.
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { AUDIT_KEEP_MS, createAuditTrail, type AuditTrail } from "./audit-trail.ts";

const DAY = 24 * 60 * 60_000;

describe.each(testDatabases())("the audit trail on $dialect", ({ open }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let trail: AuditTrail;
  const clock = { now: Date.parse("2026-03-01T12:00:00Z") };
  const errors: unknown[] = [];
  const logger = pino({ level: "error" }, { write: (line: string) => void errors.push(JSON.parse(line)) });

  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
    await migrate(handle);
    errors.length = 0;
    trail = createAuditTrail({ db: handle.db, now: () => clock.now, logger, ipKey: Buffer.alloc(32, 7) });
  });
  afterEach(() => cleanup());

  it("records an event with who, when, from where and its detail, and lists the newest first", async () => {
    const source = trail.pseudonym("203.0.113.7");
    await trail.record({ actor: "olivia", actorId: 1, source, action: "sign-in.succeeded" });
    clock.now += 1000;
    await trail.record({ actor: "olivia", actorId: 1, source, action: "maintenance.on", detail: { reason: "Kernel" } });
    clock.now += 1000;
    await trail.record({ actor: null, action: "sign-in.failed", target: "mallory" });
    const page = await trail.list({ limit: 10 });
    expect(page.events.map((e) => [e.action, e.actor, e.actorId, e.target, e.at])).toEqual([
      ["sign-in.failed", null, null, "mallory", clock.now],
      ["maintenance.on", "olivia", 1, null, clock.now - 1000],
      ["sign-in.succeeded", "olivia", 1, null, clock.now - 2000],
    ]);
    expect(page.events[1]!.detail).toEqual({ reason: "Kernel" });
    expect(page.events[1]!.source).toBe(source);
    expect(source).toMatch(/^[0-9a-f]{32}$/);
    expect(trail.pseudonym("203.0.113.7")).toBe(source);
    expect(trail.pseudonym("203.0.113.8")).not.toBe(source);
    expect(page).toMatchObject({ older: null, newer: null });
  });

  it("filters by action, actor and time, and pages older and newer by id", async () => {
    for (let i = 1; i <= 7; i++) {
      clock.now += 60_000;
      await trail.record({ actor: i % 2 ? "olivia" : "otto", action: i % 3 ? "checks.refreshed" : "test.email" });
    }
    expect((await trail.list({ limit: 10, actor: "otto" })).events).toHaveLength(3);
    expect((await trail.list({ limit: 10, action: "test.email" })).events.map((e) => e.actor)).toEqual([
      "otto",
      "olivia",
    ]);
    const since = clock.now - 2 * 60_000;
    expect((await trail.list({ limit: 10, since })).events).toHaveLength(3);
    expect((await trail.list({ limit: 10, until: since })).events).toHaveLength(4);

    const first = await trail.list({ limit: 3 });
    const second = await trail.list({ limit: 3, before: first.older! });
    const third = await trail.list({ limit: 3, before: second.older! });
    expect([first, second, third].map((page) => page.events.length)).toEqual([3, 3, 1]);
    expect(third.older).toBeNull();
    const ids = [first, second, third].flatMap((page) => page.events.map((e) => e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(7);
    expect(second.newer).toBe(second.events[0]!.id);
    const back = await trail.list({ limit: 3, after: second.newer! });
    expect(back.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(back.newer).toBeNull();
    expect(back.older).toBe(first.events[2]!.id);
  });

  it("prunes what is older than a year, and nothing younger", async () => {
    const start = clock.now;
    await trail.record({ actor: "cli", action: "account.created", target: "olivia" });
    clock.now = start + 200 * DAY;
    await trail.record({ actor: "cli", action: "account.disabled", target: "olivia" });
    expect(await trail.prune(start + AUDIT_KEEP_MS)).toBe(0);
    expect(await trail.prune(start + AUDIT_KEEP_MS + 1)).toBe(1);
    expect((await trail.list({ limit: 10 })).events.map((e) => e.action)).toEqual(["account.disabled"]);
  });

  it("logs a failed write and returns: the action it records has happened", async () => {
    await handle.db.schema.dropTable("audit_events").execute();
    await expect(trail.record({ actor: "olivia", action: "maintenance.on" })).resolves.toBeUndefined();
    expect(errors).toEqual([expect.objectContaining({ msg: "audit trail write failed", audit: "maintenance.on" })]);
  });
});
