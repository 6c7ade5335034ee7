// A host's verdict from its locations, as a table: each row the words of its locations (h healthy, d degraded,
// u unhealthy, off offline, nr not reporting, ? online without a result), its quorum, and what the verdict says.
import { describe, expect, it } from "vitest";
import { judgeHost, type LocationEvidence } from "./location-verdict.ts";

const NAMES: Record<string, string> = { local: "This server", fra: "Frankfurt", vie: "Vienna" };
const nameOf = (id: string) => NAMES[id] ?? id;

type Word = "h" | "d" | "u" | "off" | "nr" | "?";

function evidence(words: Record<string, Word>): LocationEvidence[] {
  return Object.entries(words).map(([location, word]) => {
    if (word === "off") return { location, state: "offline" };
    if (word === "nr") return { location, state: "not-reporting" };
    if (word === "?") return { location, state: "online" };
    const status = ({ h: "healthy", d: "degraded", u: "unhealthy" } as const)[word];
    return {
      location,
      state: "online",
      result: {
        status,
        responseTime: status === "unhealthy" ? null : location.length * 10,
        checkedAt: 1_000,
        errorMessage: status === "unhealthy" ? `refused at ${location}` : status === "degraded" ? "slow" : null,
        skewMs: 0,
      },
    };
  });
}

type Row = {
  name: string;
  words: Record<string, Word>;
  quorum: number;
  /** undefined: undecided. */
  status?: string;
  message?: string | null;
  partial?: string[];
};

const rows: Row[] = [
  {
    name: "a default local-only host: its own message",
    words: { local: "u" },
    quorum: 1,
    status: "unhealthy",
    message: "refused at local",
  },
  { name: "a local-only host that answers", words: { local: "h" }, quorum: 1, status: "healthy", message: null },
  {
    name: "quorum 1: one failing is enough",
    words: { local: "h", fra: "u" },
    quorum: 1,
    status: "unhealthy",
    message: "Down from Frankfurt: refused at fra",
  },
  {
    name: "quorum 2: both failing",
    words: { local: "u", fra: "u" },
    quorum: 2,
    status: "unhealthy",
    message: "Down from Frankfurt and local: refused at fra",
  },
  {
    name: "quorum 2: fra alone is partial",
    words: { local: "h", fra: "u" },
    quorum: 2,
    status: "degraded",
    message: "Down from Frankfurt only: refused at fra",
    partial: ["fra"],
  },
  {
    name: "quorum 2: local alone is partial",
    words: { local: "u", fra: "h" },
    quorum: 2,
    status: "degraded",
    message: "Down from local only: refused at local",
    partial: ["local"],
  },
  {
    name: "quorum 2, fra offline: local alone decides",
    words: { local: "u", fra: "off" },
    quorum: 2,
    status: "unhealthy",
    message: "Down from local: refused at local",
  },
  {
    name: "quorum 2, fra not reporting: local alone decides",
    words: { local: "u", fra: "nr" },
    quorum: 2,
    status: "unhealthy",
    message: "Down from local: refused at local",
  },
  {
    name: "quorum 2, fra without a result: local alone decides",
    words: { local: "u", fra: "?" },
    quorum: 2,
    status: "unhealthy",
    message: "Down from local: refused at local",
  },
  {
    name: "quorum 2, fra offline, local fine",
    words: { local: "h", fra: "off" },
    quorum: 2,
    status: "healthy",
    message: null,
  },
  {
    name: "quorum 3 of 3: two failing is partial",
    words: { local: "h", fra: "u", vie: "u" },
    quorum: 3,
    status: "degraded",
    message: "Down from Frankfurt and Vienna only: refused at fra",
    partial: ["fra", "vie"],
  },
  {
    name: "quorum 3 of 3: all failing",
    words: { local: "u", fra: "u", vie: "u" },
    quorum: 3,
    status: "unhealthy",
    message: "Down from Frankfurt, Vienna and local: refused at fra",
  },
  {
    name: "quorum 3, vie unknown: two failing are enough",
    words: { local: "u", fra: "u", vie: "?" },
    quorum: 3,
    status: "unhealthy",
    message: "Down from Frankfurt and local: refused at fra",
  },
  {
    name: "quorum 2 of 3: one failing is partial",
    words: { local: "h", fra: "h", vie: "u" },
    quorum: 2,
    status: "degraded",
    message: "Down from Vienna only: refused at vie",
    partial: ["vie"],
  },
  {
    name: "quorum 2 of 3: two failing",
    words: { local: "h", fra: "u", vie: "u" },
    quorum: 2,
    status: "unhealthy",
    message: "Down from Frankfurt and Vienna: refused at fra",
  },
  {
    name: "a degraded answer is the worst when none fails",
    words: { local: "h", fra: "d" },
    quorum: 1,
    status: "degraded",
    message: "slow",
  },
  { name: "every location healthy", words: { local: "h", fra: "h" }, quorum: 2, status: "healthy", message: null },
  {
    name: "remote only, quorum 1",
    words: { fra: "u" },
    quorum: 1,
    status: "unhealthy",
    message: "Down from Frankfurt: refused at fra",
  },
  { name: "all offline: undecided", words: { local: "off", fra: "off" }, quorum: 1 },
  { name: "none reporting: undecided", words: { local: "?", fra: "nr" }, quorum: 2 },
  { name: "local-only and offline: undecided", words: { local: "off" }, quorum: 1 },
];

describe("a host's verdict from its locations", () => {
  it.each(rows)("$name", ({ words, quorum, status, message, partial }) => {
    const verdict = judgeHost(evidence(words), quorum, nameOf);
    if (status === undefined) {
      expect(verdict.decided).toBe(false);
      return;
    }
    expect(verdict.decided).toBe(true);
    if (!verdict.decided) return;
    expect(verdict.outcome.status).toBe(status);
    expect(verdict.outcome.errorMessage).toBe(message);
    expect(verdict.partial).toEqual(partial ?? []);
  });

  it("lists every location's word, offline and unknown ones too", () => {
    const verdict = judgeHost(evidence({ local: "h", fra: "off", vie: "nr" }), 1, nameOf);
    expect(verdict.locations.map((word) => [word.location, word.status])).toEqual([
      ["local", "healthy"],
      ["fra", "offline"],
      ["vie", "unknown"],
    ]);
  });

  it("takes the response time from local when it answered, else from another answering location", () => {
    const partial = judgeHost(evidence({ local: "h", fra: "u" }), 2, nameOf);
    expect(partial.decided && partial.outcome.responseTime).toBe(50);
    const remote = judgeHost(evidence({ local: "u", fra: "h" }), 2, nameOf);
    expect(remote.decided && remote.outcome.responseTime).toBe(30);
    const down = judgeHost(evidence({ local: "u", fra: "u" }), 1, nameOf);
    expect(down.decided && down.outcome.responseTime).toBe(null);
  });

  it("flags a result whose probe's clock was more than five seconds off", () => {
    const words = evidence({ local: "h", fra: "h", vie: "h" });
    words[1]!.result!.skewMs = -5_001;
    words[2]!.result!.skewMs = 5_000;
    const verdict = judgeHost(words, 1, nameOf);
    expect(verdict.locations.map((word) => word.clockSkewed)).toEqual([false, true, false]);
  });
});
