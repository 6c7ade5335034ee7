// Sends the spool to the server: the oldest results first, one batch in
// flight, the next only after the answer (so the server sees them in order),
// each acknowledged batch leaving the spool. While the server is away the
// pauses grow (1 s, 2 s, ... a minute) and the results wait on disk.
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_RESULTS,
  readResultsAnswer,
  type ProbeConnectivity,
  type ResultsBody,
} from "./probe-protocol.ts";
import type { ProbeHttp } from "./probe-http.ts";
import type { ProbeLogger } from "./probe-log.ts";
import type { Spool } from "./probe-spool.ts";

/** The body leaves room for the envelope and JSON's escapes under the server's 1 MB. */
const BATCH_BYTES = Math.floor(MAX_BATCH_BYTES * 0.8);
const EVERY_MS = 1000;
const MAX_PAUSE_MS = 60_000;

export type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type SenderOptions = {
  /** The server's base URL, without a trailing slash. */
  server: string;
  token: string;
  spool: Spool;
  connectivity: () => ProbeConnectivity;
  now: () => number;
  http: ProbeHttp;
  logger: ProbeLogger;
  timers: Timers;
};

type Outcome = "sent" | "idle" | "failed";

/** Whether the text is the server's answer to a batch (not a proxy's error page). */
function isResultsAnswer(text: string): boolean {
  try {
    readResultsAnswer(JSON.parse(text));
    return true;
  } catch {
    return false;
  }
}

export function createSender(options: SenderOptions) {
  const { spool, logger, timers } = options;
  let timer: unknown;
  let stopped = true;
  let failures = 0;
  let inFlight: Promise<Outcome> | undefined;

  async function sendOnce(): Promise<Outcome> {
    const dropped = spool.takeDropped();
    if (dropped > 0) logger.warn({ dropped }, "spool full: the oldest results were dropped");
    const batch = spool.oldest(MAX_BATCH_RESULTS, BATCH_BYTES);
    if (!batch) return "idle";
    const sentAt = options.now();
    const body: ResultsBody = { sentAt, connectivity: options.connectivity(), results: batch.results };
    let status: number;
    let text: string;
    try {
      ({ status, text } = await options.http(`${options.server}/api/probe/results`, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        timeoutMs: 30_000,
      }));
    } catch (error) {
      if (failures === 0) logger.warn({ error: (error as Error).message }, "the server is unreachable: results wait");
      return "failed";
    }
    if (status === 400) {
      // The server will never take this batch: keeping it would hold back every later one.
      logger.error({ status: 400, answer: text.slice(0, 500), results: batch.results.length }, "batch refused");
      spool.acknowledge(batch.lastSeq);
      return "sent";
    }
    if (status < 200 || status >= 300 || !isResultsAnswer(text)) {
      logger.warn({ status }, "the server did not take the batch: it waits");
      return "failed";
    }
    spool.acknowledge(batch.lastSeq);
    if (failures > 0) logger.info({ waiting: spool.size() }, "the server is back: sending what waited");
    return "sent";
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = timers.setTimeout(() => void tick(), ms);
  }

  async function tick() {
    inFlight = sendOnce().catch((error: unknown) => {
      logger.error({ error: (error as Error).message }, "sending failed");
      return "failed" as const;
    });
    const outcome = await inFlight;
    inFlight = undefined;
    if (outcome === "failed") {
      failures += 1;
      schedule(Math.min(MAX_PAUSE_MS, EVERY_MS * 2 ** (failures - 1)));
      return;
    }
    failures = 0;
    // A backlog drains batch after batch; otherwise look again in a second.
    schedule(outcome === "sent" && spool.size() > 0 ? 0 : EVERY_MS);
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    /** Stops sending; the batch in flight, if any, is answered first. */
    async stop() {
      stopped = true;
      timers.clearTimeout(timer);
      await inFlight;
    },
  };
}
