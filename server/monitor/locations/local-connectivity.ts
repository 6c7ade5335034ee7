// Whether this server's own network works, from its reference target
// (`locations: [{ id: local, connectivity: ... }]`): when it fails, local
// failures say nothing about the targets. Checked at a round's start, the
// answer shared for a few seconds by rounds that overlap, and again at the
// round's end when one of its local checks failed (the network may have gone
// during the round).
import type { CheckOutcome, CheckTarget, Target } from "../checks/check-types.ts";

/** Rounds starting within this long of a check share its answer. */
const SHARED_MS = 5_000;
/** The reference target's check: short, one retry. */
const REACH_TIMEOUT_MS = 5_000;
const REACH_RETRIES = 1;

export type Reach = { online: boolean; checkedAt: number; error: string | null };

/** The last check of the reference target, kept between rounds. */
export type ReachMemory = { at: number; answer: Promise<Reach> } | undefined;

export type ReachCheck = { check: CheckTarget; now: () => number; intervalMs: number };

async function checkReach(target: Target, { check, now, intervalMs }: ReachCheck): Promise<Reach> {
  const checkedAt = now();
  const outcome: CheckOutcome = await check(target, {
    timeoutMs: target.timeoutMs ?? REACH_TIMEOUT_MS,
    retries: REACH_RETRIES,
    now,
    intervalMs,
    push: () => ({ receipt: undefined, watchedSince: checkedAt }),
  }).catch((error: unknown) => ({
    status: "unhealthy" as const,
    responseTime: null,
    errorMessage: error instanceof Error ? error.message : String(error),
    retryAttempt: 0,
    basic: false,
  }));
  const online = outcome.status !== "unhealthy";
  return { online, checkedAt, error: online ? null : (outcome.errorMessage ?? "no answer") };
}

/**
 * Local's reach: the shared answer when one was taken in the last few seconds (unless `fresh`), else a new check.
 * Returns the answer and the memory to keep.
 */
export function localReach(
  target: Target,
  memory: ReachMemory,
  context: ReachCheck,
  fresh = false,
): { answer: Promise<Reach>; memory: NonNullable<ReachMemory> } {
  const now = context.now();
  if (!fresh && memory && now - memory.at < SHARED_MS) return { answer: memory.answer, memory };
  const answer = checkReach(target, context);
  return { answer, memory: { at: now, answer } };
}
