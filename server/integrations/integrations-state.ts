// What the integrations keep in this process, in one object their steps
// share (the sampling in integration-sampling.ts, the alerts in
// integration-alerts.ts): the work in flight, and
// the newest reading of each source the tracker was given.
import type { Certificates } from "./certificates/certificates.ts";
import type { IntegrationsOptions } from "./integrations.ts";

export type IntegrationsState = {
  options: IntegrationsOptions;
  certificates: Certificates;
  /** Work started in this process, by what it is: a source's sample, "certificates", a maintenance end. */
  inFlight: Map<string, Promise<unknown>>;
  stopped: boolean;
  /** The newest reading of each source the tracker was given ("certificates": the newest check of any). */
  observedAt: Map<string, number>;
  /** The tracker's round in flight: one at a time. */
  observing: Promise<void>;
};

export function createIntegrationsState(options: IntegrationsOptions, certificates: Certificates): IntegrationsState {
  return {
    options,
    certificates,
    inFlight: new Map(),
    stopped: false,
    observedAt: new Map(),
    observing: Promise.resolve(),
  };
}

export const integrationsOf = (state: IntegrationsState) => state.options.config().integrations;
