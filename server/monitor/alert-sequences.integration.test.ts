// An operator's afternoon, as tables on a fake clock: a service goes down, fails for a blip or for good, flaps,
// degrades, comes back, on one host or both; reminders come every cooldown until an incident is acknowledged. Names
// exactly the notices queued at each step (tests/support/alert-sequences.ts runs the tables), on SQLite and PostgreSQL.
// Circuits, maintenance and the test button: alert-circuit-, alert-maintenance- and alert-test-failure-sequences.
import { ALERT, ALERT_LOCAL, describeAlertSequences, REMINDER, RESOLVED } from "#tests/support/alert-sequences.ts";

describeAlertSequences([
  {
    name: "a failure is told once, its recovery once",
    steps: [
      { at: 0, notices: [] },
      { at: 60, centron: "unhealthy", notices: [ALERT] },
      { at: 120, notices: [] },
      { at: 180, centron: "healthy", notices: [RESOLVED] },
      { at: 240, notices: [] },
    ],
  },
  {
    name: "failureThreshold 3: failures that do not last are a blip",
    settings: "failureThreshold: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [] },
      { at: 60, notices: [] },
      { at: 120, centron: "healthy", notices: [] },
      { at: 180, centron: "unhealthy", notices: [] },
      { at: 240, notices: [] },
      { at: 300, notices: [ALERT] },
      { at: 360, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "successThreshold 2: one good check does not resolve",
    settings: "successThreshold: 2",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, centron: "healthy", notices: [] },
      { at: 120, centron: "unhealthy", notices: [] },
      { at: 180, centron: "healthy", notices: [] },
      { at: 240, notices: [RESOLVED] },
    ],
  },
  {
    name: "reminders every cooldown while it stays open; acknowledging stops them, not the resolution",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 240, notices: [] },
      { at: 300, notices: [REMINDER] },
      { at: 360, notices: [] },
      { at: 600, notices: [REMINDER] },
      { at: 610, action: "acknowledge", notices: [] },
      { at: 900, notices: [] },
      { at: 1200, notices: [] },
      { at: 1260, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "unhealthy, degraded, healthy: one resolution, which says degraded",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      {
        at: 60,
        centron: "degraded",
        notices: ["[RESOLVED] Sentiment analysis is no longer unhealthy, but degraded (centron)"],
      },
      { at: 120, centron: "healthy", notices: [] },
    ],
  },
  {
    name: "a flap within the cooldown stays quiet until the cooldown is over",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, centron: "healthy", notices: [RESOLVED] },
      { at: 120, centron: "unhealthy", notices: [] },
      { at: 180, centron: "healthy", notices: [] },
      { at: 240, centron: "unhealthy", notices: [] },
      { at: 300, notices: [ALERT] },
      { at: 360, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "both hosts at once: one notice naming both",
    steps: [
      {
        at: 0,
        centron: "unhealthy",
        local: "unhealthy",
        notices: ["[ALERT] Sentiment analysis is unhealthy (centron, local)"],
      },
      {
        at: 60,
        centron: "healthy",
        local: "healthy",
        notices: ["[RESOLVED] Sentiment analysis is healthy again (centron, local)"],
      },
    ],
  },
  {
    name: "a second host failing within the cooldown is told when it is over, beside a reminder of the first",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, local: "unhealthy", notices: [] },
      { at: 300, notices: [ALERT_LOCAL, REMINDER] },
    ],
  },
]);
