// The sender: takes due mail from the outbox and hands it to SMTP, on a
// timer and whenever new mail is queued in this process. Every worker runs
// one; the outbox's leases keep them from sending the same mail twice.
import type { Logger } from "pino";
import type { Outbox } from "./outbox.ts";
import type { SendMail } from "./smtp-sender.ts";

const BATCH = 20;

export function createDelivery(options: { outbox: Outbox; send: SendMail; logger: Logger; pollMs?: number }) {
  const { outbox, send, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  /** Sends everything due now; resolves when the outbox has nothing due left. */
  async function drain(): Promise<void> {
    for (;;) {
      const batch = await outbox.claimDue(BATCH);
      if (batch.length === 0) return;
      for (const [index, mail] of batch.entries()) {
        try {
          await send(mail);
          await outbox.markSent(mail.id);
          logger.info({ outboxId: mail.id, kind: mail.kind }, "mail sent");
          if (mail.attempts > 0) await outbox.expediteWaiting();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const status = await outbox.markFailed(mail.id, reason);
          const log = status === "failed" ? logger.error.bind(logger) : logger.warn.bind(logger);
          log({ outboxId: mail.id, kind: mail.kind, attempt: mail.attempts + 1, err: reason }, status === "failed" ? "mail failed for good" : "mail send failed; will retry");
          // The server is down or refusing: the rest wait for the next round.
          await outbox.release(batch.slice(index + 1).map((rest) => rest.id));
          return;
        }
      }
    }
  }

  /**
   * One round at a time. A request during a round gets one more round right
   * after it (requests meanwhile share that one), and its promise resolves
   * when that round is done, so a caller never returns before its own round.
   */
  function runOnce(): Promise<void> {
    if (!running) {
      running = drain()
        .catch((error: unknown) => logger.error({ err: error }, "outbox round failed"))
        .finally(() => {
          running = undefined;
        });
      return running;
    }
    next ??= running.then(() => {
      next = undefined;
      return runOnce();
    });
    return next;
  }

  return {
    runOnce,
    /** New mail was queued: send it now rather than at the next tick. */
    kick: () => void runOnce(),
    start() {
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      clearInterval(timer);
      await (next ?? running);
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
