// An open circuit, as a table on a fake clock: it is still checked every round, reminded of every cooldown like any
// other, and Refresh checks at once. Names exactly the notices queued and the central host's circuit at each step
// (tests/support/alert-sequences.ts runs the tables), on SQLite and PostgreSQL.
import { ALERT, describeAlertSequences, REMINDER, RESOLVED } from "#tests/support/alert-sequences.ts";

describeAlertSequences([
  {
    name: "an open circuit is checked every interval: the first good check resolves",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 180, notices: [], circuit: "open" },
      { at: 240, centron: "healthy", notices: [RESOLVED], circuit: "half-open" },
      { at: 300, notices: [], circuit: "closed" },
    ],
  },
  {
    name: "an open circuit that stays down is reminded of every cooldown, like any other",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 240, notices: [], circuit: "open" },
      { at: 300, notices: [REMINDER], circuit: "open" },
      { at: 360, notices: [] },
      { at: 600, notices: [REMINDER], circuit: "open" },
    ],
  },
  {
    name: "Refresh checks at once: a recovery between two rounds is seen then",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 150, centron: "healthy", action: "refresh", notices: [RESOLVED], circuit: "half-open" },
    ],
  },
]);
