// The probe's spool on a real disk: results kept across a reopen until they
// are acknowledged, oldest first, a torn last line skipped, batches within
// their bounds, the oldest dropped (and counted) past the cap, and one probe
// per data folder.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProbeResult } from "./probe-protocol.ts";
import { openSpool } from "./probe-spool.ts";

const result = (index: number): ProbeResult => ({
  key: "web/main",
  checkedAt: 1_000 * index,
  status: index % 3 === 0 ? "unhealthy" : "healthy",
  responseTime: index % 3 === 0 ? null : 12,
  errorMessage: index % 3 === 0 ? "ECONNREFUSED" : null,
});
const times = (results: readonly ProbeResult[] | undefined) => results?.map((entry) => entry.checkedAt / 1000);

describe("probe spool", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "probe-spool-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps what is not acknowledged across a reopen, oldest first", () => {
    const spool = openSpool(dir, 1000);
    spool.append([1, 2, 3].map(result));
    spool.append([4, 5].map(result));
    const first = spool.oldest(2, 1_000_000)!;
    expect(first.results).toEqual([result(1), result(2)]);
    spool.acknowledge(first.lastSeq);
    spool.close();

    const reopened = openSpool(dir, 1000);
    expect(reopened.size()).toBe(3);
    expect(times(reopened.oldest(10, 1_000_000)?.results)).toEqual([3, 4, 5]);
    reopened.append([6].map(result));
    reopened.acknowledge(reopened.oldest(10, 1_000_000)!.lastSeq);
    expect(reopened.oldest(10, 1_000_000)).toBeUndefined();
    reopened.close();
    expect(openSpool(dir, 1000).size()).toBe(0);
  });

  it("skips a line torn by a crash, and appends after it on a line of its own", () => {
    const spool = openSpool(dir, 1000);
    spool.append([1, 2].map(result));
    spool.close();
    appendFileSync(join(dir, "results.jsonl"), '{"seq":3,"key":"web/ma');
    const reopened = openSpool(dir, 1000);
    expect(reopened.size()).toBe(2);
    reopened.append([7].map(result));
    reopened.close();
    expect(times(openSpool(dir, 1000).oldest(10, 1_000_000)?.results)).toEqual([1, 2, 7]);
  });

  it("bounds a batch by count and by bytes, never below one result", () => {
    const spool = openSpool(dir, 1000);
    spool.append(Array.from({ length: 10 }, (_, index) => result(index + 1)));
    expect(spool.oldest(4, 1_000_000)!.results).toHaveLength(4);
    const three = [1, 2, 3].reduce((bytes, seq) => bytes + JSON.stringify({ seq, ...result(seq) }).length, 0);
    expect(spool.oldest(100, three)!.results).toHaveLength(3);
    expect(spool.oldest(100, three - 1)!.results).toHaveLength(2);
    expect(spool.oldest(100, 1)!.results).toHaveLength(1);
  });

  it("drops the oldest past its cap, counts them once, and stays dropped after a reopen", () => {
    const spool = openSpool(dir, 3);
    spool.append([1, 2].map(result));
    spool.append([3, 4, 5].map(result));
    expect(spool.size()).toBe(3);
    expect(spool.takeDropped()).toBe(2);
    expect(spool.takeDropped()).toBe(0);
    spool.close();
    expect(times(openSpool(dir, 3).oldest(10, 1_000_000)?.results)).toEqual([3, 4, 5]);
  });

  it("rewrites its file once most of it is acknowledged, and goes on appending to the new one", () => {
    const spool = openSpool(dir, 20_000);
    spool.append(Array.from({ length: 6000 }, (_, index) => result(index + 1)));
    spool.acknowledge(5990);
    const lines = () => readFileSync(join(dir, "results.jsonl"), "utf8").split("\n").filter(Boolean);
    expect(lines()).toHaveLength(10);
    spool.append([7000].map(result));
    expect(lines()).toHaveLength(11);
    spool.close();
    expect(openSpool(dir, 20_000).size()).toBe(11);
  });

  it("belongs to one probe at a time: a second is refused naming the first, a dead one's claim is taken over", () => {
    const spool = openSpool(dir, 1000);
    expect(readFileSync(join(dir, "probe.pid"), "utf8")).toBe(String(process.pid));
    spool.close();
    expect(existsSync(join(dir, "probe.pid"))).toBe(false);

    // Another process that runs (this one's parent) holds the folder.
    writeFileSync(join(dir, "probe.pid"), String(process.ppid));
    expect(() => openSpool(dir, 1000)).toThrow(`another probe (process ${process.ppid}) uses this data folder`);
    expect(readFileSync(join(dir, "probe.pid"), "utf8")).toBe(String(process.ppid));

    // A probe killed before it let go: no process has that id any more (above any pid_max).
    writeFileSync(join(dir, "probe.pid"), "999999999");
    const after = openSpool(dir, 1000);
    expect(readFileSync(join(dir, "probe.pid"), "utf8")).toBe(String(process.pid));
    after.close();
  });
});
