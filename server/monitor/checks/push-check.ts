// Push monitors, for what cannot be asked (backups, cron jobs): the job calls
// GET or POST /api/push/<token> when it has run. No call within the interval
// plus a grace is a failure; a call with ?status=down is one at once. Before
// the first call is due there is nothing to judge, so the host waits.
import { z } from "zod";
import type { CheckContext, CheckRun, CheckType } from "./check-type.ts";

/** Long enough not to be guessed; the token is the only thing between the internet and the monitor's word. */
export const MIN_TOKEN_LENGTH = 16;

const schema = z.object({
  push: z
    .object({
      token: z
        .string()
        .min(MIN_TOKEN_LENGTH, `must have at least ${MIN_TOKEN_LENGTH} characters`)
        .max(200)
        .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - and _ (it goes in a URL)"),
      /** How late a call may be beyond the interval. */
      graceSeconds: z
        .number()
        .int()
        .min(0)
        .max(7 * 86_400)
        .default(60),
    })
    .strict(),
});
type PushTarget = z.infer<typeof schema>;

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

export const pushCheck: CheckType<PushTarget, "push"> = {
  key: "push",
  runsAt: "server",
  schema,
  placeholders: ["[BODY]", "[RESPONSE_TIME]", "[CONNECTED]"],
  describe: () => "Push: POST /api/push/…",
  connectsTo: () => undefined,
  run,
};
