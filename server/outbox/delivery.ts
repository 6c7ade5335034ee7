// The sender: takes due rows from the outbox and hands each to its channel's
// sender, on a timer and whenever something new is queued in this process.
// Every worker runs one; the outbox's leases keep them from sending the same
// row twice. Each channel is a lane of its own, delivered in order and never
// waiting for another: a receiver that hangs until the send times out, or a
// backlog being worked through, delays only its own channel's notices, and a
// failure holds back only the rest of its channel until its next attempt.
import type { Logger } from "pino";
import type { OutboxStatus } from "#server/db/schema.ts";
import { DeliveryError, LEASE_MS, type Claim, type Outbox, type QueuedItem } from "./outbox.ts";

const BATCH = 50;
/**
 * While a batch is being sent its lease is renewed this often: well inside the lease, so a slow send never loses it.
 */
const RENEW_MS = LEASE_MS / 3;

export type Sender = (item: QueuedItem) => Promise<void>;
/** The sender for a channel; undefined while it cannot send (e-mail without SMTP_URL): its rows wait. */
export type SenderFor = (channel: string) => Sender | undefined;

/** A channel's drain in progress, and the one asked for meanwhile. */
type Lane = { done: Promise<void>; next?: Promise<void> };

/** What sending a batch needs of its delivery: the outbox, the log, how often to renew, and whether it is stopping. */
type DeliveryContext = { outbox: Outbox; logger: Logger; renewMs: number; stopping: boolean };

/**
 * A leased batch's rows not sent yet, with its lease renewed meanwhile, so a
 * slow receiver keeps its rows while those of a sender that died are free
 * within LEASE_MS. Renewals and the batch's own writes take turns, so a
 * renewal covers exactly the rows not done yet.
 */
function keepLease({ outbox, logger, renewMs }: DeliveryContext, channel: string, claim: Claim) {
  const left = [...claim.items];
  let lease = claim.lease;
  let lost = false;
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };
  const renewal = setInterval(() => {
    inTurn(async () => {
      const renewed = await outbox.renewLease(
        left.map((item) => item.id),
        lease,
      );
      lease = renewed.lease;
      lost ||= renewed.lost;
    }).catch((error: unknown) => logger.warn({ err: error, channel }, "outbox lease renewal failed"));
  }, renewMs);
  return {
    left,
    inTurn,
    /** Whether another sender took a row of it. */
    lost: () => lost,
    /** Gives the rows not sent back. */
    handBack: () =>
      inTurn(() =>
        outbox.release(
          left.map((item) => item.id),
          lease,
        ),
      ),
    /** Stops renewing, once the batch's own writes are done. */
    async end(): Promise<void> {
      clearInterval(renewal);
      await turn;
    },
  };
}

type BatchLease = ReturnType<typeof keepLease>;

/** Sends a leased batch in order. True when the lane may go on. */
async function sendBatch(context: DeliveryContext, channel: string, send: Sender, claim: Claim): Promise<boolean> {
  const batch = keepLease(context, channel, claim);
  const { left } = batch;
  try {
    while (left.length > 0) {
      // A clean stop hands the rest back at once (the next process need not wait for the lease); rows another sender
      // took are its.
      if (context.stopping || batch.lost()) {
        await batch.handBack();
        return false;
      }
      const item = left[0]!;
      try {
        await send(item);
      } catch (error) {
        const status = await recordFailure(context, batch, channel, item, error);
        // Refused for good: the next rows may go now. Otherwise the channel waits for its retry.
        if (status === "failed") continue;
        await batch.handBack();
        return false;
      }
      await batch.inTurn(async () => {
        await context.outbox.markSent(item.id);
        left.shift();
      });
      context.logger.info({ outboxId: item.id, kind: item.kind, channel }, "sent");
    }
    return true;
  } finally {
    await batch.end();
  }
}

/** The row's failed attempt recorded and logged; its new status. */
async function recordFailure(
  { outbox, logger }: DeliveryContext,
  batch: BatchLease,
  channel: string,
  item: QueuedItem,
  error: unknown,
): Promise<OutboxStatus> {
  const reason = error instanceof Error ? error.message : String(error);
  const status = await batch.inTurn(async () => {
    const result = await outbox.markFailed(item.id, reason, error instanceof DeliveryError ? error.options : {});
    batch.left.shift();
    return result;
  });
  const log = status === "failed" ? logger.error.bind(logger) : logger.warn.bind(logger);
  log(
    { outboxId: item.id, kind: item.kind, channel, attempt: item.attempts + 1, err: reason },
    status === "failed" ? "delivery failed for good" : "delivery failed; will retry",
  );
  return status;
}

export function createDelivery(options: {
  outbox: Outbox;
  senderFor: SenderFor;
  logger: Logger;
  pollMs?: number;
  /** How often a batch's lease is renewed while it is being sent (tests shorten it). */
  renewMs?: number;
}) {
  const { outbox, senderFor, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  const context: DeliveryContext = { outbox, logger, renewMs: options.renewMs ?? RENEW_MS, stopping: false };
  let timer: NodeJS.Timeout | undefined;
  const lanes = new Map<string, Lane>();

  /** Sends one channel's due rows in order until none is left, one fails, or the sender stops. */
  async function drainLane(channel: string): Promise<void> {
    // Asked each time: the monitoring configuration may have been reloaded.
    const send = senderFor(channel);
    if (!send) return;
    while (!context.stopping) {
      const claim = await outbox.claimLane(channel, BATCH);
      if (claim.items.length === 0 || !(await sendBatch(context, channel, send, claim))) return;
    }
  }

  function startLane(channel: string): Promise<void> {
    const lane: Lane = {
      done: drainLane(channel)
        .catch((error: unknown) => logger.error({ err: error, channel }, "outbox lane failed"))
        .finally(() => {
          if (!lane.next) lanes.delete(channel);
        }),
    };
    lanes.set(channel, lane);
    return lane.done;
  }

  /**
   * One drain per channel at a time. A request during a drain gets one more
   * right after it (requests meanwhile share that one), and its promise
   * resolves when that drain is done, so a caller never returns before its own.
   */
  function runLane(channel: string): Promise<void> {
    const busy = lanes.get(channel);
    if (busy) return (busy.next ??= busy.done.then(() => startLane(channel)));
    return startLane(channel);
  }

  /**
   * Sends what is due on every channel that can send; resolves when each has drained (a slow one does not hold the
   * others back, only this promise).
   */
  async function runOnce(): Promise<void> {
    if (context.stopping) return;
    let channels: string[];
    try {
      channels = await outbox.pendingChannels();
    } catch (error) {
      logger.error({ err: error }, "outbox round failed");
      return;
    }
    await Promise.all(channels.map(runLane));
  }

  return {
    runOnce,
    /** Something was queued: send it now rather than at the next tick. */
    kick: () => void runOnce(),
    start() {
      context.stopping = false;
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
      void runOnce();
    },
    /** Lets each lane finish the send in progress, then hands the rows it had not sent back. */
    async stop() {
      context.stopping = true;
      clearInterval(timer);
      await Promise.all([...lanes.values()].map((lane) => lane.next ?? lane.done));
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
