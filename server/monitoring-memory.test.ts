import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { base } from "./monitoring-config-fixtures.ts";
import {
  MonitorConfigError,
  readMonitoringConfig,
  watchMonitoringConfig,
  type MonitoringConfig,
} from "./monitoring-config.ts";
import {
  BASE_HEAP_BYTES,
  endpointsTooMany,
  fileTooLarge,
  HEAP_BYTES_PER_ENDPOINT,
  HEAP_SHARE,
} from "./monitoring-memory.ts";

const MB = 1024 * 1024;
/** A service of two hosts per line, as many as asked. */
const services = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `  - { id: svc-${i}, name: S${i}, hosts: { a: { url: "http://x/${i}" }, b: { url: "http://y/${i}" } } }`,
  ).join("\n");
/** Heap enough for the server and this many endpoints, not one more. */
const heapFor = (endpoints: number) =>
  Math.ceil((BASE_HEAP_BYTES + endpoints * HEAP_BYTES_PER_ENDPOINT) / HEAP_SHARE) + 1;

describe("a monitoring configuration against the heap that runs it", () => {
  it("is refused with the endpoints, the estimate, the limit and how to raise it, when it does not fit", () => {
    expect(endpointsTooMany(100, heapFor(100))).toBeUndefined();
    const refusal = endpointsTooMany(100_000, 128 * MB);
    expect(refusal).toMatch(
      /^100,000 endpoints need about \d+ MB of heap .* more than 90 % of this process's limit of 128 MB/,
    );
    expect(refusal).toContain('NODE_OPTIONS="--max-old-space-size=');
    expect(fileTooLarge(1 * MB, 256 * MB)).toBeUndefined();
    expect(fileTooLarge(40 * MB, 128 * MB)).toMatch(/^a file of 40 MB needs about \d+ MB of heap to be read/);
  });

  it("refuses a file whose endpoints do not fit once read, and one too large to read before reading it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "monitor-memory-"));
    const file = join(dir, "monitoring.yaml");
    try {
      writeFileSync(file, base(services(100)));
      expect((await readMonitoringConfig(file, {}, heapFor(200))).services).toHaveLength(100);
      const refused = await readMonitoringConfig(file, {}, heapFor(199)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MonitorConfigError);
      expect((refused as MonitorConfigError).problems).toEqual([
        expect.stringMatching(/^too large for this process's heap: 200 endpoints need about/),
      ]);
      const unread = await readMonitoringConfig(file, {}, BASE_HEAP_BYTES / HEAP_SHARE).catch(
        (error: unknown) => error,
      );
      expect((unread as MonitorConfigError).problems).toEqual([
        expect.stringMatching(/^too large for this process's heap: a file of 1 MB needs about \d+ MB/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a reload that would not fit, keeping the running configuration, and says why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "monitor-memory-"));
    const file = join(dir, "monitoring.yaml");
    writeFileSync(file, base(services(1)));
    let current: MonitoringConfig = await readMonitoringConfig(file, {});
    const refused: string[][] = [];
    const watcher = watchMonitoringConfig(
      file,
      {},
      pino({ level: "silent" }),
      (next) => (current = next),
      Date.now,
      (problems) => refused.push(problems),
      heapFor(100),
    );
    try {
      writeFileSync(file, base(services(50)));
      await expect.poll(() => current.services.length, { timeout: 5_000 }).toBe(50);
      writeFileSync(file, base(services(51)));
      await expect.poll(() => refused.length, { timeout: 5_000 }).toBe(1);
      expect(refused[0]).toEqual([expect.stringMatching(/heap: 102 endpoints need about \d+ MB of heap/)]);
      expect(current.services).toHaveLength(50);
      expect(watcher.status().rejected?.problems).toEqual(refused[0]);
    } finally {
      watcher.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
