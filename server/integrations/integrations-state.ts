// What the integrations keep in this process, in one object their steps
// share (the sampling in integration-sampling.ts, the alerts in
// integration-alerts.ts): whether this process leads, the work in flight, and
// the newest reading of each source the tracker was given.
import { randomUUID } from "node:crypto";
import type { Certificates } from "./certificates/certificates.ts";
import type { IntegrationsOptions } from "./integrations.ts";

export type IntegrationsState = {
  options: IntegrationsOptions;
  /** This process's name on the integrations lease. */
  holder: string;
  certificates: Certificates;
  /** Work started in this process, by what it is: a source's sample, "certificates", a maintenance end. */
  inFlight: Map<string, Promise<unknown>>;
  leader: boolean;
  stopped: boolean;
  lastLeaseAt: number;
  /** The newest reading of each source the tracker was given ("certificates": the newest check of any). */
  observedAt: Map<string, number>;
  /** The tracker's round in flight: one at a time. */
  observing: Promise<void>;
};

export function createIntegrationsState(options: IntegrationsOptions, certificates: Certificates): IntegrationsState {
  return {
    options,
    holder: randomUUID(),
    certificates,
    inFlight: new Map(),
    leader: false,
    stopped: false,
    lastLeaseAt: 0,
    observedAt: new Map(),
    observing: Promise.resolve(),
  };
}

export const integrationsOf = (state: IntegrationsState) => state.options.config().integrations;
