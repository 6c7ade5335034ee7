import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { base } from "./monitoring-config-fixtures.ts";

/** A service of two hosts per line, as many as asked. */
const services = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `  - { id: svc-${i}, name: S${i}, hosts: { a: { url: "http://x/${i}" }, b: { url: "http://y/${i}" } } }`,
  ).join("\n");

describe("a monitoring configuration too large for the heap, at the start", { timeout: 90_000 }, () => {
  it("refuses at the start, in a process with a small heap, with a clear message and exit 1: never a crash", () => {
    const dir = mkdtempSync(join(tmpdir(), "monitor-memory-"));
    const file = join(dir, "monitoring.yaml");
    try {
      writeFileSync(file, base(services(7_500)));
      const heap = ["--max-old-space-size=64", "--max-semi-space-size=1"];
      const child = spawnSync(process.execPath, [...heap, "--import", "tsx", "tests/support/boot-process.ts"], {
        env: { ...process.env, DATA_DIR: join(dir, "data"), MONITORING_CONFIG: file, LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(child.stderr).toMatch(/too large for this process's heap: 15,000 endpoints need about \d+ MB of heap/);
      expect(child.stderr).toContain("--max-old-space-size=");
      expect(child.stderr).not.toContain("heap out of memory");
      expect(child.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
