// The announcer on the fake clock, against a real database and a real SMTP
// server: sequences of check rounds, staff's updates and maintenance windows,
// and after each step the mail every subscriber has received so far. The
// announcer looks several times at every step, so a mail told twice shows.
import { describe, expect, it } from "vitest";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import {
  mailTo,
  SUBSCRIPTION_CONFIG,
  useSubscriptionApp,
  withSubscriptionMailServer,
} from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const MINUTE = 60_000;
const EN = "anna@example.org";
const DE = "bernd@example.org";
const BRAND = " · Muster Digital";

const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};
const RESOLVED = { ...UPDATE, state: "resolved", messageEn: "The index is rebuilt.", messageDe: "Der Index ist neu." };

type Answer = "healthy" | "unhealthy";
type Step = {
  /** Minutes after the start: the clock is set there, a check round runs, then the announcer looks. */
  minute: number;
  answers?: Partial<Record<"api" | "shop" | "billing", Answer>>;
  /** Staff's update on the API's latest incident, posted after the round. */
  post?: Record<string, string>;
  /** Subjects each subscriber has received by the end of the step: [English, German]. */
  mails: [string[], string[]];
  /** Words the newest mail of each must hold: [English, German]. */
  text?: [string, string];
};
type Scenario = { name: string; config?: string; steps: Step[] };

const AUTO = { en: "Disruption of Public API", de: "Störung: Öffentliche API" };
const opened = [`Incident: ${AUTO.en}${BRAND}`, `Störung: Öffentliche API${BRAND}`];
const resolved = [`Resolved: ${AUTO.en}${BRAND}`, `Behoben: ${AUTO.de}${BRAND}`];
const staffOpened = [`Incident: Slow answers${BRAND}`, `Störung: Langsame Antworten${BRAND}`];
const staffResolved = [`Resolved: Slow answers${BRAND}`, `Behoben: Langsame Antworten${BRAND}`];
const staffUpdate = [`Update: Slow answers${BRAND}`, `Aktualisierung: Langsame Antworten${BRAND}`];
const none: [string[], string[]] = [[], []];
/** The mails as [English, German] lists from [English, German] subjects, in the order they came. */
const told = (...subjects: string[][]): [string[], string[]] => [
  subjects.map((pair) => pair[0]!),
  subjects.map((pair) => pair[1]!),
];

const INCIDENTS: Scenario[] = [
  {
    name: "a two-minute blip mails nobody, at any look",
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      { minute: 1, mails: none },
      { minute: 2, answers: { api: "healthy" }, mails: none },
      { minute: 10, mails: none },
      { minute: 15, mails: none },
      { minute: 60, mails: none },
    ],
  },
  {
    name: "a failure of 15 minutes is told after 10, and its end once",
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      { minute: 9, mails: none },
      {
        minute: 10,
        mails: told(opened),
        text: ["We are looking into a disruption of Public API.", "Wir gehen einer Störung von"],
      },
      { minute: 12, mails: told(opened) },
      {
        minute: 15,
        answers: { api: "healthy" },
        mails: told(opened, resolved),
        text: ["Public API is working normally again.", "Öffentliche API arbeitet wieder normal."],
      },
      { minute: 16, mails: told(opened, resolved) },
      { minute: 30, mails: told(opened, resolved) },
      { minute: 24 * 60, mails: told(opened, resolved) },
    ],
  },
  {
    name: "staff's update at minute 3 is mailed at once; the end without their word is told for them",
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      { minute: 3, post: UPDATE, mails: told(staffOpened), text: [UPDATE.messageEn, UPDATE.messageDe] },
      { minute: 10, mails: told(staffOpened) },
      { minute: 14, mails: told(staffOpened) },
      { minute: 15, answers: { api: "healthy" }, mails: told(staffOpened, staffResolved) },
      { minute: 20, mails: told(staffOpened, staffResolved) },
      { minute: 120, mails: told(staffOpened, staffResolved) },
    ],
  },
  {
    name: "staff's own resolved update is the only end told",
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      { minute: 3, post: UPDATE, mails: told(staffOpened) },
      {
        minute: 6,
        answers: { api: "healthy" },
        post: RESOLVED,
        mails: told(staffOpened, staffResolved),
        text: [RESOLVED.messageEn, RESOLVED.messageDe],
      },
      { minute: 7, mails: told(staffOpened, staffResolved) },
      { minute: 30, mails: told(staffOpened, staffResolved) },
    ],
  },
  {
    name: "with notifyAfterMinutes: 0 the first look tells the failure",
    config: `${SUBSCRIPTION_CONFIG}statusPage: { notifyAfterMinutes: 0 }\n`,
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: told(opened) },
      { minute: 1, answers: { api: "healthy" }, mails: told(opened, resolved) },
      { minute: 20, mails: told(opened, resolved) },
    ],
  },
  {
    name: "a service on two hosts is one incident on the page: staff's words on either host's are told once",
    config: SUBSCRIPTION_CONFIG.replace(
      'hosts: { fra: { url: "http://fra.api.test/health" } }',
      'hosts: { fra: { url: "http://fra.api.test/health" }, ber: { url: "http://ber.api.test/health" } }',
    ),
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      // Posted on the newer incident, which the page shows merged into the older one.
      { minute: 3, post: UPDATE, mails: told(staffOpened) },
      { minute: 11, mails: told(staffOpened) },
      { minute: 15, answers: { api: "healthy" }, mails: told(staffOpened, staffResolved) },
      { minute: 30, mails: told(staffOpened, staffResolved) },
    ],
  },
  {
    name: "staff's resolved words after the end was told go out as an update, not a second end",
    steps: [
      { minute: 0, answers: { api: "unhealthy" }, mails: none },
      { minute: 10, mails: told(opened) },
      { minute: 15, answers: { api: "healthy" }, mails: told(opened, resolved) },
      {
        minute: 20,
        post: RESOLVED,
        mails: told(opened, resolved, staffUpdate),
        text: [RESOLVED.messageEn, RESOLVED.messageDe],
      },
      { minute: 30, mails: told(opened, resolved, staffUpdate) },
    ],
  },
  {
    name: "a private service's failure mails nobody",
    steps: [
      { minute: 0, answers: { billing: "unhealthy" }, mails: none },
      { minute: 10, mails: none },
      { minute: 30, answers: { billing: "healthy" }, mails: none },
      { minute: 40, mails: none },
    ],
  },
];

const windowConfig = (services: string) =>
  `${SUBSCRIPTION_CONFIG}maintenance:
  windows:
    - { name: Database upgrade, start: "2026-01-05 12:00", end: "2026-01-05 13:00", services: [${services}] }
`;
// The clock starts at 09:00 UTC, 10:00 in Berlin: the window is from minute 120 to minute 180.
const announced = [`Planned maintenance: Database upgrade${BRAND}`, `Geplante Wartung: Database upgrade${BRAND}`];
const started = [`Maintenance started: Database upgrade${BRAND}`, `Wartung gestartet: Database upgrade${BRAND}`];
const ended = [`Maintenance completed: Database upgrade${BRAND}`, `Wartung abgeschlossen: Database upgrade${BRAND}`];

const MAINTENANCE: Scenario[] = [
  {
    name: "a window ahead for a public service: announced, started and completed, each once",
    config: windowConfig("api, billing"),
    steps: [
      {
        minute: 0,
        mails: told(announced),
        text: [
          "From 5 Jan 2026, 12:00 CET until 5 Jan 2026, 13:00 CET",
          "Von 5. Jan. 2026, 12:00 MEZ bis 5. Jan. 2026, 13:00 MEZ",
        ],
      },
      { minute: 60, mails: told(announced) },
      { minute: 119, mails: told(announced) },
      {
        minute: 120,
        mails: told(announced, started),
        text: ["The maintenance of Public API", "Die Wartung (Öffentliche API"],
      },
      { minute: 150, mails: told(announced, started) },
      {
        minute: 180,
        mails: told(announced, started, ended),
        text: ["The maintenance has been completed.", "Die Wartung ist abgeschlossen."],
      },
      { minute: 181, mails: told(announced, started, ended) },
      { minute: 7 * 24 * 60, mails: told(announced, started, ended) },
    ],
  },
  {
    name: "a window for a private service only mails nobody",
    config: windowConfig("billing"),
    steps: [
      { minute: 0, mails: none },
      { minute: 120, mails: none },
      { minute: 150, mails: none },
      { minute: 180, mails: none },
      { minute: 240, mails: none },
    ],
  },
];

describe.each(testDatabases())("the status announcer on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  async function play({ config, steps }: Scenario) {
    if (config) c.state.config = parseMonitoringConfig(config, {});
    await c.addSubscribers([
      { email: EN, language: "en" },
      { email: DE, language: "de" },
    ]);
    const start = c.t.clock.now;
    for (const step of steps) {
      const where = `minute ${step.minute}`;
      c.t.clock.now = start + step.minute * MINUTE;
      Object.assign(c.answers, step.answers);
      await c.round();
      if (step.post) expect((await c.postUpdate(await c.incidentOf("api"), step.post)).status, where).toBe(201);
      // However often it looks, each event is told once.
      for (let look = 0; look < 3; look += 1) await c.look();
      await c.deliver();
      const [en, de] = [mailTo(EN), mailTo(DE)];
      expect([en.map((entry) => entry.headers.subject), de.map((entry) => entry.headers.subject)], where).toEqual(
        step.mails,
      );
      if (step.text) {
        expect(en.at(-1)!.text, where).toContain(step.text[0]);
        expect(de.at(-1)!.text, where).toContain(step.text[1]);
      }
    }
  }

  it.each(INCIDENTS)("$name", play);
  it.each(MAINTENANCE)("$name", play);
});
