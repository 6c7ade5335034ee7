// What every check type is: how it runs once and how it names what it checks
// on the dashboard (its runner, `<type>-check.ts`), and its YAML shape and what
// its conditions may read (`<type>-target.ts`). The tables of types are
// check-runners.ts and check-types.ts; adding a type is those two files, a
// line in each table and its test.
import type { z } from "zod";
import type { HealthStatus } from "#shared/monitor/health.ts";
import type { Placeholder } from "#server/monitor/conditions/condition.ts";
import type { Observation } from "#server/monitor/conditions/condition-eval.ts";

export type PushReceipt = { receivedAt: number; status: "up" | "down"; message: string | null; pingMs: number | null };

export type CheckContext = {
  /** One deadline for the whole check, retries included. */
  timeoutMs: number;
  /** Further attempts after a transport failure (a 5xx, a refused connection), within the deadline. */
  retries: number;
  now: () => number;
  /** The service's interval: a push is due once in it. */
  intervalMs: number;
  /** The last call of a push monitor's token, and since when it has been watched (the first round that saw it). */
  push: (token: string) => { receipt: PushReceipt | undefined; watchedSince: number };
};

/** One run of a check: the type's own verdict, and what conditions can read. */
export type CheckRun = {
  /** The verdict without conditions (2xx and the body's status word for HTTP, "connected" for TCP, ...). */
  status: HealthStatus;
  errorMessage: string | null;
  /** Milliseconds of the last attempt; null when it never answered. */
  responseTime: number | null;
  /** Retries used within this check. */
  retryAttempt: number;
  /** A connectivity-only check: scores a fixed 85 when up. */
  basic: boolean;
  /** What the check saw, for its conditions. */
  observation: Observation;
  /** Nothing to judge yet (a push monitor before its first call is due): the host keeps its state. */
  pending?: boolean;
};

/**
 * A check type as it runs: all a remote probe loads of it (its `<type>-check.ts`, which imports no schema library;
 * docs/decisions/059-a-light-probe.md).
 */
export type CheckRunner<T, K extends string = string> = {
  /** The YAML key that selects the type ("url", "tcp", ...), also its name in messages. */
  key: K;
  /**
   * Where it can run: at any location (this server or a remote probe), or at this server only (a push is received
   * here, not made).
   */
  runsAt: "any-location" | "server";
  /** What is checked, for the card: never a credential. */
  describe: (target: T) => string;
  /** The host it connects to (a documentation name there is a placeholder), if it connects anywhere. */
  connectsTo: (target: T) => string | undefined;
  run: (target: T, context: CheckContext) => Promise<CheckRun>;
};

/** A check type whole, as the server reads it from YAML: its runner and its `<type>-target.ts`. */
export type CheckType<T, K extends string = string> = CheckRunner<T, K> & {
  /** The host's YAML shape, without `conditions` and `timeoutMs`, which every type takes. */
  schema: z.ZodType<T>;
  /** The placeholders its conditions may read; any other is refused when the configuration loads. */
  placeholders: readonly Placeholder[];
  /** Why this host cannot measure a placeholder its type can (plain http has no certificate), if it cannot. */
  refuses?: (host: Record<string, unknown>, placeholder: Placeholder) => string | undefined;
};
