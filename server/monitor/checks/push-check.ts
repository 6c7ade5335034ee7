// Push monitors, for what cannot be asked (backups, cron jobs): the job calls
// GET or POST /api/push/<token> when it has run. No call within the interval
// plus a grace is a failure; a call with ?status=down is one at once. Before
// the first call is due there is nothing to judge, so the host waits.
import type { CheckContext, CheckRun, CheckRunner } from "./check-type.ts";

export type PushTarget = {
  push: {
    token: string;
    /** How late a call may be beyond the interval. */
    graceSeconds: number;
  };
};

const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

async function run(target: PushTarget, context: CheckContext): Promise<CheckRun> {
  const { receipt, watchedSince } = context.push(target.push.token);
  const now = context.now();
  const dueMs = context.intervalMs + target.push.graceSeconds * 1000;
  const base = { retryAttempt: 0, basic: false };
  if (!receipt) {
    if (now - watchedSince <= dueMs)
      return {
        ...base,
        status: "unhealthy",
        errorMessage: "Waiting for the first push",
        responseTime: null,
        observation: {},
        pending: true,
      };
    return {
      ...base,
      status: "unhealthy",
      errorMessage: `No push received since monitoring began at ${at(watchedSince)}`,
      responseTime: null,
      observation: { connected: false },
    };
  }
  const observation = {
    connected: true,
    body: receipt.message ?? "",
    ...(receipt.pingMs === null ? {} : { responseTimeMs: receipt.pingMs }),
  };
  if (now - receipt.receivedAt > dueMs) {
    return {
      ...base,
      status: "unhealthy",
      errorMessage: `No push since ${at(receipt.receivedAt)}`,
      responseTime: null,
      observation: { ...observation, connected: false },
    };
  }
  if (receipt.status === "down") {
    return {
      ...base,
      status: "unhealthy",
      errorMessage: `The job reported a failure${receipt.message ? `: ${receipt.message.slice(0, 120)}` : ""}`,
      responseTime: receipt.pingMs,
      observation,
    };
  }
  return { ...base, status: "healthy", errorMessage: null, responseTime: receipt.pingMs, observation };
}

export const pushRunner: CheckRunner<PushTarget, "push"> = {
  key: "push",
  runsAt: "server",
  describe: () => "Push: POST /api/push/…",
  connectsTo: () => undefined,
  run,
};
