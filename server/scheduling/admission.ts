// Admission control for expensive synchronous work (server rendering): at
// most `concurrency` tasks in flight, at most `queueLimit` waiting for a turn
// (in order, each for at most `maxWaitMs`), and the rest refused at once, so
// a flood costs bounded CPU and memory and the caller can answer "busy"
// cheaply.
//
// Every task starts on a turn of the event loop of its own (setImmediate),
// never inside the I/O callback that asked for it. React renders a whole
// page synchronously in a microtask, so without this a batch of requests
// read from the sockets in one go would render back to back before the
// process looked at its sockets again: a health check behind 30 renders
// waits for all 30. Started one per turn, the cheap requests that arrived
// meanwhile (health checks, files from memory, the API) are answered between
// two renders.

export type Admitted<T> = { admitted: true; value: T } | { admitted: false; reason: "queue-full" | "waited-too-long" };

export type AdmissionLimits = { concurrency: number; queueLimit: number; maxWaitMs: number };

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export function createAdmission({ concurrency, queueLimit, maxWaitMs }: AdmissionLimits) {
  let active = 0;
  const waiting: Waiter[] = [];
  let turnScheduled = false;

  const scheduleTurn = () => {
    if (turnScheduled || waiting.length === 0 || active >= concurrency) return;
    turnScheduled = true;
    setImmediate(() => {
      turnScheduled = false;
      const next = waiting.shift();
      if (!next) return;
      clearTimeout(next.timer);
      active += 1;
      next.start();
      scheduleTurn();
    });
  };

  /** Resolves true once the task may start, false when the wait was too long. */
  const turn = () =>
    new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        start: () => resolve(true),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          resolve(false);
        }, maxWaitMs),
      };
      waiting.push(waiter);
      scheduleTurn();
    });

  return {
    async run<T>(task: () => Promise<T>): Promise<Admitted<T>> {
      if (waiting.length >= queueLimit) return { admitted: false, reason: "queue-full" };
      if (!(await turn())) return { admitted: false, reason: "waited-too-long" };
      try {
        return { admitted: true, value: await task() };
      } finally {
        active -= 1;
        scheduleTurn();
      }
    },

    /** Running and waiting tasks, for tests and metrics. */
    load(): { active: number; waiting: number } {
      return { active, waiting: waiting.length };
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
