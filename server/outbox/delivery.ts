// The sender: takes due rows from the outbox and hands each to its channel's
// sender, on a timer and whenever something new is queued in this process.
// Every worker runs one; the outbox's leases keep them from sending the same
// row twice. Channels are delivered side by side, each in order: a failure
// holds back only the rest of its own channel until its next attempt.
import type { Logger } from "pino";
import { DeliveryError, type Outbox, type QueuedItem } from "./outbox.ts";

const BATCH = 50;

export type Sender = (item: QueuedItem) => Promise<void>;
/** The sender for a channel; undefined while it cannot send (e-mail without SMTP_URL): its rows wait. */
export type SenderFor = (channel: string) => Sender | undefined;

export function createDelivery(options: { outbox: Outbox; senderFor: SenderFor; logger: Logger; pollMs?: number }) {
  const { outbox, senderFor, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  /** Sends one channel's due rows in order; stops at the first failure. */
  async function drainLane(channel: string, send: Sender): Promise<void> {
    for (;;) {
      const batch = await outbox.claimLane(channel, BATCH);
      if (batch.length === 0) return;
      for (const [index, item] of batch.entries()) {
        try {
          await send(item);
          await outbox.markSent(item.id);
          logger.info({ outboxId: item.id, kind: item.kind, channel }, "sent");
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const status = await outbox.markFailed(item.id, reason, error instanceof DeliveryError ? error.options : {});
          const log = status === "failed" ? logger.error.bind(logger) : logger.warn.bind(logger);
          log({ outboxId: item.id, kind: item.kind, channel, attempt: item.attempts + 1, err: reason }, status === "failed" ? "delivery failed for good" : "delivery failed; will retry");
          await outbox.release(batch.slice(index + 1).map((rest) => rest.id));
          // Refused for good: the next rows may go now. Otherwise the channel waits for its retry.
          if (status === "failed") break;
          return;
        }
      }
    }
  }

  /** Sends everything due now on every channel that can send; resolves when nothing due is left. */
  async function drain(): Promise<void> {
    const channels = await outbox.pendingChannels();
    await Promise.all(
      channels.map(async (channel) => {
        const send = senderFor(channel);
        if (!send) return;
        try {
          await drainLane(channel, send);
        } catch (error) {
          logger.error({ err: error, channel }, "outbox lane failed");
        }
      }),
    );
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
    /** Something was queued: send it now rather than at the next tick. */
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
