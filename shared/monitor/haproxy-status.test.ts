// The dashboard's reading of HAProxy's status texts (UP, DOWN, UNKNOWN), over
// every text HAProxy 2.6 writes and a few it does not.
import { describe, expect, it } from "vitest";
import { HAPROXY_DISPLAYS, haproxyDisplay, type HaproxyDisplay } from "./haproxy-status.ts";

const cases: [string, HaproxyDisplay][] = [
  // Frontends and listeners
  ["OPEN", "UP"],
  ["STOP", "UNKNOWN"],
  ["PAUSED", "UNKNOWN"],
  ["FULL", "UNKNOWN"],
  ["WAITING", "UNKNOWN"],
  // Backends and servers
  ["UP", "UP"],
  ["DOWN", "DOWN"],
  ["UP 2/3", "UP"], // failing checks, not down yet
  ["DOWN 1/2", "DOWN"], // passing checks, not up yet
  ["NOLB", "DRAIN"],
  ["NOLB 1/2", "DRAIN"],
  ["DRAIN", "DRAIN"],
  ["DRAIN (agent)", "DRAIN"],
  ["MAINT", "MAINT"],
  ["MAINT (via app/web1)", "MAINT"],
  ["MAINT (resolution)", "MAINT"],
  ["no check", "NO CHECK"],
  // Case and spacing
  ["up", "UP"],
  ["Open", "UP"],
  ["closed", "DOWN"],
  ["CLOSED", "DOWN"],
  ["maint", "MAINT"],
  ["NO CHECK", "NO CHECK"],
  ["  no   check ", "NO CHECK"],
  [" down 1/2", "DOWN"],
  // Not statuses
  ["", "UNKNOWN"],
  ["UPPER", "UNKNOWN"],
  ["DOWNLOAD", "UNKNOWN"],
  ["no", "UNKNOWN"],
  ["no check at all", "UNKNOWN"],
  ["L4OK", "UNKNOWN"],
];

describe("haproxyDisplay", () => {
  it.each(cases)("%j shows %s", (raw, display) => {
    expect(haproxyDisplay(raw)).toBe(display);
  });

  it("only ever gives one of the six displays", () => {
    for (const raw of ["\u0000", "UP\nDOWN", "💥", "MAINTENANCE", "-", "1/2"])
      expect(HAPROXY_DISPLAYS).toContain(haproxyDisplay(raw));
  });
});
