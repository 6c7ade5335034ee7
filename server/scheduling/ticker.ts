// A step that runs again `everyMs` after each run ends (never two at once),
// for the monitor's and the integrations' schedulers; and a bounded wait for
// work in flight when they stop.
import type { Logger } from "pino";

export function createTicker(step: () => Promise<void>, everyMs: number, logger: Logger, what: string) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      const loop = () => {
        void step()
          .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
          .finally(() => {
            if (timer !== undefined) timer = setTimeout(loop, everyMs);
          });
      };
      timer = setTimeout(loop, 0);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Waits for `work`, but not longer than `ms`: a stop must not hang on a peer. */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (grace = setTimeout(resolve, ms)))]);
  clearTimeout(grace);
}
