// Which shard a service is in, and how long a shard's lease lasts: both fixed by what every instance knows alike.
import { describe, expect, it } from "vitest";
import { shardLeaseMs, shardOf } from "./shard-leases.ts";

describe("shards", () => {
  it("puts a service in the same shard every time, and a fleet's services in every shard about evenly", () => {
    expect(shardOf("mail-relay", 16)).toBe(shardOf("mail-relay", 16));
    const counts = new Array<number>(16).fill(0);
    for (let i = 0; i < 16_000; i += 1) counts[shardOf(`svc-${i}`, 16)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(Math.max(...counts)).toBeLessThan(1200);
  });

  it("leases a shard for a third of the fastest interval, from 3 s to a minute, in whole milliseconds", () => {
    expect(shardLeaseMs(60_000)).toBe(20_000);
    expect(shardLeaseMs(10_000)).toBe(3_333);
    expect(shardLeaseMs(5_000)).toBe(3_000);
    expect(shardLeaseMs(3_600_000)).toBe(60_000);
  });
});
