// The probe's log lines: the server's JSON shape, and the level respected.
import { describe, expect, it } from "vitest";
import { createProbeLog } from "./probe-log.ts";

describe("the probe's log", () => {
  it("writes one JSON line per entry at the level and above, in the server's shape", () => {
    const lines: string[] = [];
    const log = createProbeLog("warn", (line) => lines.push(line));
    log.info({ checks: 3 }, "assignments");
    log.warn({ status: 502 }, "the server refused the assignments");
    log.error({ key: "web/a" }, "a target this probe cannot run");
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith("\n"))).toBe(true);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: "warn", pid: process.pid, status: 502 });
    expect(first.msg).toBe("the server refused the assignments");
    expect(Date.parse(first.time as string)).not.toBeNaN();
  });

  it("writes nothing when silent, and treats an unknown level as info", () => {
    const lines: string[] = [];
    createProbeLog("silent", (line) => lines.push(line)).error({}, "never");
    const chatty = createProbeLog("verbose", (line) => lines.push(line));
    chatty.info({}, "shown");
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["shown"]);
  });
});
