// Whether a monitoring configuration fits the heap of the process that runs
// it, asked before it is taken: at the start (refused with a clear message,
// never a crash later when the heap runs out) and on each reload (refused,
// the running one kept). The need is estimated from what was measured per
// endpoint with the simulated fleet (bench:monitor, decision 057): the parsed
// configuration, the host's state, and its share of a round's records.
import { getHeapStatistics } from "node:v8";
import type { MonitoringConfig } from "./monitoring-config.ts";

/** The server's own heap with a handful of endpoints: the site, the React build, the dashboard (measured: 46 MB). */
export const BASE_HEAP_BYTES = 48 * 1024 * 1024;
/**
 * Heap per endpoint at a round's end: 50,000 endpoints held 125 MB live in a round, 46 MB of it the server's own
 * (decision 057). The parts measured one by one: its share of the parsed configuration (480 bytes), its state and key
 * (240), its id by key (110), its job (100) and the round's records of it (observation, result, time: 550); the rest
 * is the round's maps and the checks' own garbage.
 */
export const HEAP_BYTES_PER_ENDPOINT = 1_700;
/**
 * The share of the heap limit an estimate may fill: near its limit V8 collects again and again, each time freeing
 * less, and the process stalls before it dies. 50,000 endpoints died so with 125 MB live of a 134 MB limit.
 */
export const HEAP_SHARE = 0.9;
/**
 * Heap per byte of the file while it is taken: the tree read from it (about twice the file) and the configuration
 * built beside it (as much again). Asked before the tree reaches this heap, so a file too large is refused before it
 * could fill it.
 */
export const HEAP_BYTES_PER_FILE_BYTE = 4;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;

/** This process's heap limit, as V8 enforces it. */
export const heapLimit = (): number => getHeapStatistics().heap_size_limit;

/** The endpoints a configuration checks: every host and every sub-service, each with its state and history. */
export function endpointCount(config: Pick<MonitoringConfig, "services">): number {
  return config.services.reduce(
    (sum, service) => sum + Object.keys(service.hosts).length + service.subServices.length,
    0,
  );
}

/** How to give the process more: the size to ask for, rounded up to 64 MB with a quarter to spare. */
function raiseAdvice(needed: number): string {
  const suggested = Math.ceil(((needed / HEAP_SHARE) * 1.1) / (64 * MB)) * 64;
  return (
    `give each worker more heap with NODE_OPTIONS="--max-old-space-size=${suggested}" (docs/operations.md, ` +
    `"Sizing the monitor"), or check fewer endpoints from this server`
  );
}

/** Why a file of this size cannot be taken within `limit` bytes of heap, or undefined when it can be. */
export function fileTooLarge(fileBytes: number, limit = heapLimit()): string | undefined {
  const needed = BASE_HEAP_BYTES + fileBytes * HEAP_BYTES_PER_FILE_BYTE;
  if (needed <= limit * HEAP_SHARE) return undefined;
  return (
    `a file of ${mb(fileBytes)} needs about ${mb(needed)} of heap to be read, more than ` +
    `${HEAP_SHARE * 100} % of this process's limit of ${mb(limit)}: ${raiseAdvice(needed)}`
  );
}

/** Why this configuration's endpoints do not fit within `limit` bytes of heap, or undefined when they do. */
export function endpointsTooMany(endpoints: number, limit = heapLimit()): string | undefined {
  const needed = BASE_HEAP_BYTES + endpoints * HEAP_BYTES_PER_ENDPOINT;
  if (needed <= limit * HEAP_SHARE) return undefined;
  return (
    `${endpoints.toLocaleString("en")} endpoints need about ${mb(needed)} of heap (${mb(BASE_HEAP_BYTES)} for the ` +
    `server and ${(HEAP_BYTES_PER_ENDPOINT / 1024).toFixed(1)} KB per endpoint), more than ` +
    `${HEAP_SHARE * 100} % of this process's limit of ${mb(limit)}: ${raiseAdvice(needed)}`
  );
}
