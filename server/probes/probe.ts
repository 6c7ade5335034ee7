// A remote probe: it asks the server what its location checks (at start and
// every minute), runs those checks on the server's grid with the server's own
// check code, keeps every result on disk and sends them to the server
// (probe-sender.ts). It only ever connects out. Its assignments are kept on
// disk too, so a probe restarted while the server is away goes on checking.
// Light by design: no database, no web server, no React.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { limiter } from "#server/scheduling/limiter.ts";
import { createProbeHttp, type ProbeHttp } from "./probe-http.ts";
import type { ProbeLogger } from "./probe-log.ts";
import { readAssignmentsAnswer, type AssignmentsAnswer, type ProbeConnectivity } from "./probe-protocol.ts";
import { runRound, type ReadyCheck, type RoundContext } from "./probe-round.ts";
import { groupByInterval, plan, startDelays, takeDue, untilNext } from "./probe-schedule.ts";
import { createSender, type Timers } from "./probe-sender.ts";
import { openSpool, writeFileAtomic } from "./probe-spool.ts";
import { readTarget } from "./probe-targets.ts";

const ASSIGNMENTS_EVERY_MS = 60_000;
const ASSIGNMENTS_RETRY_MS = 5_000;
const ASSIGNMENTS_FILE = "assignments.json";
/** Results kept while the server is away: about half an hour of 3,000 checks a minute. */
export const DEFAULT_SPOOL_CAP = 100_000;

export type ProbeOptions = {
  /** The server's base URL ("https://status.example.com"). */
  server: string;
  /** The location this probe is; the token must sign in as it. */
  location: string;
  token: string;
  /** Where the spool and the last assignments are kept. */
  dataDir: string;
  now?: () => number;
  /** How it talks to the server (a test's may count what passes); by default node:http(s), see probe-http.ts. */
  http?: ProbeHttp;
  logger: ProbeLogger;
  timers?: Timers;
  spoolCap?: number;
};

type Assigned = {
  answer: AssignmentsAnswer;
  checks: ReadyCheck[];
  /** The checks by interval (ms), grouped once per assignment rather than every round. */
  groups: Map<number, ReadyCheck[]>;
  connectivity: ReadyCheck | undefined;
};

/** Makes each target ready to run; one that cannot be run is left out and named. */
function readyChecks(answer: AssignmentsAnswer, logger: ProbeLogger): Assigned {
  const checks: ReadyCheck[] = [];
  for (const check of answer.checks) {
    const read = readTarget(check.target);
    if (read.ok) checks.push({ ...check, target: read.target });
    else logger.error({ key: check.key, problem: read.error }, "a target this probe cannot run");
  }
  const reference = answer.connectivity === null ? undefined : readTarget(answer.connectivity);
  if (reference && !reference.ok) logger.error({ problem: reference.error }, "bad connectivity target");
  const { defaults } = answer;
  const connectivity = reference?.ok
    ? { key: "connectivity", target: reference.target, ...defaults, retries: 0 }
    : undefined;
  return { answer, checks, groups: groupByInterval(checks), connectivity };
}

/** The assignments kept on disk at the last fetch, if any and readable. */
function readSavedAssignments(path: string, logger: ProbeLogger): AssignmentsAnswer | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readAssignmentsAnswer(JSON.parse(readFileSync(path, "utf8")));
  } catch (error) {
    logger.warn({ problem: (error as Error).message }, "the saved assignments are unreadable: waiting for the server");
    return undefined;
  }
}

/** Timers the probe sets, all cleared when it stops: `later` runs a task after a while, `sleep` waits. */
function ownTimers(timers: Timers) {
  const handles = new Set<unknown>();
  const later = (ms: number, run: () => void) => {
    const handle = timers.setTimeout(() => {
      handles.delete(handle);
      run();
    }, ms);
    handles.add(handle);
  };
  return {
    later,
    sleep: (ms: number) => new Promise<void>((resolve) => later(ms, resolve)),
    clearAll() {
      for (const handle of handles) timers.clearTimeout(handle);
      handles.clear();
    },
  };
}

/** The server's assignments, and the probe's clock minus the server's; undefined (logged) when not to be had. */
async function requestAssignments(context: {
  server: string;
  token: string;
  now: () => number;
  http: ProbeHttp;
  logger: ProbeLogger;
}): Promise<{ answer: AssignmentsAnswer; skew: number } | undefined> {
  const sentAt = context.now();
  try {
    const { status, text } = await context.http(`${context.server}/api/probe/assignments`, {
      method: "GET",
      headers: { authorization: `Bearer ${context.token}` },
      timeoutMs: 30_000,
    });
    if (status < 200 || status >= 300) {
      context.logger.warn({ status }, "the server refused the assignments");
      return undefined;
    }
    const answer = readAssignmentsAnswer(JSON.parse(text));
    // The server's time was read about halfway through the exchange.
    return { answer, skew: Math.round((sentAt + context.now()) / 2 - answer.serverTime) };
  } catch (error) {
    context.logger.warn({ error: (error as Error).message }, "assignments not fetched: the last ones stand");
    return undefined;
  }
}

export function createProbe(options: ProbeOptions) {
  const now = options.now ?? Date.now;
  const ownHttp = options.http ? undefined : createProbeHttp();
  const http = options.http ?? ownHttp!.send;
  const timers: Timers = options.timers ?? { setTimeout, clearTimeout: (handle) => clearTimeout(handle as never) };
  const { logger } = options;
  const server = options.server.replace(/\/+$/, "");
  const spool = openSpool(options.dataDir, options.spoolCap ?? DEFAULT_SPOOL_CAP);
  const assignmentsPath = join(options.dataDir, ASSIGNMENTS_FILE);
  let assigned: Assigned | undefined;
  /** The probe's clock minus the server's. */
  let skew = 0;
  let due = new Map<number, number>();
  let connectivity: ProbeConnectivity = { online: true, checkedAt: null, error: null };
  let limited = limiter(1);
  let stopped = true;
  /** Whether the server has given assignments since this probe started. */
  let answered = false;
  const { later, sleep, clearAll } = ownTimers(timers);

  const sender = createSender({
    server,
    token: options.token,
    spool,
    connectivity: () => connectivity,
    now,
    http,
    logger,
    timers,
  });

  function adopt(answer: AssignmentsAnswer, source: "server" | "disk") {
    if (answer.location.id !== options.location) {
      logger.error({ location: answer.location.id }, `the token signs in as another location than ${options.location}`);
      return;
    }
    if (assigned?.answer.revision === answer.revision) return;
    assigned = readyChecks(answer, logger);
    limited = limiter(answer.defaults.concurrency);
    due = plan(assigned.groups, due, now() - skew);
    logger.info({ checks: assigned.checks.length, revision: answer.revision, source }, "assignments");
    planNext();
  }

  async function fetchAssignments() {
    const fetched = await requestAssignments({ server, token: options.token, now, http, logger });
    if (fetched) {
      skew = fetched.skew;
      if (fetched.answer.location.id === options.location)
        writeFileAtomic(assignmentsPath, JSON.stringify(fetched.answer));
      adopt(fetched.answer, "server");
    }
    // Until the server has answered once (a probe started before it), asked again soon, not a minute later.
    if (fetched) answered = true;
    if (!stopped) later(answered ? ASSIGNMENTS_EVERY_MS : ASSIGNMENTS_RETRY_MS, () => void fetchAssignments());
  }

  const roundContext = (): RoundContext => ({
    now,
    sleep,
    limited: (task) => limited(task),
    connectivity: assigned?.connectivity,
  });

  async function round(intervalMs: number, slot: number) {
    const checks = assigned?.groups.get(intervalMs) ?? [];
    if (checks.length === 0) return;
    const delays = startDelays(checks.length, assigned!.answer.defaults, intervalMs);
    const done = await runRound(roundContext(), checks, slot + skew, delays);
    if (done.connectivity.online !== connectivity.online)
      logger.warn({ online: done.connectivity.online, error: done.connectivity.error }, "this location's network");
    connectivity = done.connectivity;
    if (!stopped) spool.append(done.results);
  }

  let planned: unknown;
  function planNext() {
    timers.clearTimeout(planned);
    if (stopped) return;
    for (const { intervalMs, slot } of takeDue(due, now() - skew)) {
      void round(intervalMs, slot).catch((error: unknown) =>
        logger.error({ error: (error as Error).message }, "a round failed"),
      );
    }
    const wait = untilNext(due, now() - skew);
    if (Number.isFinite(wait)) planned = timers.setTimeout(planNext, wait);
  }

  return {
    start() {
      stopped = false;
      logger.info({ server, location: options.location, waiting: spool.size() }, "probe starting");
      const saved = readSavedAssignments(assignmentsPath, logger);
      if (saved) adopt(saved, "disk");
      void fetchAssignments();
      sender.start();
    },
    /** Stops checking and sending; rounds in flight finish without writing. */
    async stop() {
      stopped = true;
      timers.clearTimeout(planned);
      clearAll();
      await sender.stop();
      ownHttp?.close();
      spool.close();
    },
    /** Results waiting for the server. */
    waiting: () => spool.size(),
  };
}

export type Probe = ReturnType<typeof createProbe>;
