// When a round's jobs start: each at its place in the spread (job i of n at
// i/n of it), at most `cap` started and unfinished at once. One loop starts
// them, so a round holds the few hundred jobs in flight, not a pause, a timer
// and a suspended check for every host: 50,000 of those were 25 MB of heap
// (decision 057).
import { pause, type EngineContext } from "./engine-state.ts";

/** Starts due within this much of each other start together: a timer per host would be 50,000 timers a round. */
const BATCH_MS = 10;

/**
 * Runs `run` for every item, item i started `i / n * spread` ms after the first (early by less than BATCH_MS), never
 * more than `cap` unfinished. Waits are measured on the engine's clock, so a busy process catches up rather than
 * drifting, and never wait longer than the spread between two starts (a clock that stands still in a test paces by the
 * timers alone). Resolves when every run has.
 */
export async function paced<T>(
  { options, state }: Pick<EngineContext, "options" | "state">,
  items: readonly T[],
  spread: number,
  cap: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  const begun = options.now();
  const offset = (index: number) => (items.length > 1 ? (index / items.length) * spread : 0);
  let previous = 0;
  for (let index = 0; index < items.length; index += 1) {
    const due = offset(index);
    if (due - previous >= BATCH_MS) {
      await pause(state, Math.min(due - previous, Math.max(0, due - (options.now() - begun))));
      previous = due;
    }
    while (running.size >= cap) await Promise.race(running);
    if (state.stopping.signal.aborted) break;
    const started: Promise<void> = run(items[index]!).finally(() => running.delete(started));
    // Its failure is the round's, seen by the race or the wait below; not an unhandled rejection meanwhile.
    started.catch(() => undefined);
    running.add(started);
  }
  await Promise.all(running);
}
