// The Test Failure button, as a table on a fake clock: its TEST notice touches nothing real, before or during a real
// incident. Names exactly the notices queued at each step (tests/support/alert-sequences.ts runs the tables), on SQLite
// and PostgreSQL.
import { ALERT, describeAlertSequences, REMINDER, RESOLVED, TEST } from "#tests/support/alert-sequences.ts";

describeAlertSequences([
  {
    name: "Test Failure is a TEST notice and touches nothing real: a real failure right after is told at once",
    steps: [
      { at: 0, action: "test failure", notices: [TEST] },
      { at: 30, centron: "unhealthy", notices: [ALERT] },
      { at: 90, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "Test Failure during a real incident changes neither it nor its reminders",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 30, action: "test failure", notices: [TEST] },
      { at: 60, notices: [] },
      { at: 300, notices: [REMINDER] },
    ],
  },
]);
