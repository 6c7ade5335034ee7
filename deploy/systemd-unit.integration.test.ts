// The shipped systemd unit, checked by systemd itself: `systemd-analyze verify`
// parses it as systemd would at `daemon-reload`. The only change made to the
// tested copy is the node binary's path, which verify wants to exist (it is
// /usr/bin/node on a server, maybe elsewhere here). verify exits 0 even on a
// setting it ignores ("Failed to parse ..., ignoring"), so any word it says
// about the unit fails the test; a known typo shows that it would.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SHUTDOWN_GRACE_MS } from "#server/cluster.ts";

const UNIT_NAME = "muster-web.service";
const shipped = readFileSync(new URL(UNIT_NAME, import.meta.url), "utf8");
const dir = mkdtempSync(join(tmpdir(), "systemd-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What systemd-analyze says about the unit (lines naming it), and its exit code. */
function verify(text: string): { status: number | null; complaints: string[] } {
  expect(text).toContain("ExecStart=/usr/bin/node ");
  const file = join(dir, UNIT_NAME);
  writeFileSync(file, text.replace("ExecStart=/usr/bin/node ", `ExecStart=${process.execPath} `));
  const result = spawnSync("systemd-analyze", ["verify", "--man=no", file], { encoding: "utf8" });
  if (result.error) throw new Error(`systemd-analyze did not run (apt-get install systemd): ${result.error.message}`);
  const said = `${result.stdout}\n${result.stderr}`.split("\n");
  return { status: result.status, complaints: said.filter((line) => line.includes(UNIT_NAME)) };
}

/** The value of a [Service] setting, the last one when it is set twice (as systemd reads it). */
function setting(name: string): string | undefined {
  const lines = shipped.split("\n").filter((line) => line.startsWith(`${name}=`));
  return lines.at(-1)?.slice(name.length + 1);
}

describe("the systemd unit", () => {
  it("passes systemd-analyze verify without a word about it", () => {
    expect(verify(shipped)).toEqual({ status: 0, complaints: [] });
  });

  it("would fail on a setting systemd ignores or a binary that is not there", () => {
    const typo = verify(shipped.replace("ProtectSystem=strict", "ProtectSystem=strictt"));
    expect(typo.complaints.join("\n")).toMatch(/ProtectSystem|protect system/i);
    const missing = verify(
      shipped.replace("build/server/index.js", "build/server/index.js\nExecStartPre=/nonexistent"),
    );
    expect(missing.status).not.toBe(0);
  });

  it("runs hardened, as its own user, with the data directory its one writable path", () => {
    expect(setting("User")).toBe("muster-web");
    expect(setting("ProtectSystem")).toBe("strict");
    expect(setting("NoNewPrivileges")).toBe("true");
    expect(setting("CapabilityBoundingSet")).toBe("");
    expect(setting("StateDirectory")).toBe("muster-web");
    expect(shipped).toContain("Environment=DATA_DIR=/var/lib/muster-web");
    expect(setting("ReadWritePaths")).toBeUndefined();
    // V8 writes the machine code it compiles: this setting would stop Node at once.
    expect(setting("MemoryDenyWriteExecute")).toBeUndefined();
    expect(setting("EnvironmentFile")).toBe("/etc/muster-web/env");
  });

  it("restarts on failure, within limits, and gives a stop time to finish requests", () => {
    expect(setting("Restart")).toBe("on-failure");
    expect(setting("StartLimitBurst")).toBeDefined();
    // Signalled twice (by systemd and by the primary), a worker would stop in the middle of its requests.
    expect(setting("KillMode")).toBe("mixed");
    const stopSeconds = Number(/^(\d+)s$/.exec(setting("TimeoutStopSec") ?? "")?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(SHUTDOWN_GRACE_MS + 1_000);
    // One worker per core unless set: the unit leaves it to the server.
    expect(shipped).not.toMatch(/^Environment=.*WEB_CONCURRENCY/m);
  });
});
