// A round's raw results, one column each, until the round's one transaction
// stores them: at 50,000 endpoints a round held 50,000 result objects (about
// 80 bytes each with their time) at its end, when the heap is fullest; these
// columns hold 21 bytes a result (decision 057).
import type { HealthStatus } from "#shared/monitor/health.ts";

/** One raw result of a check, as stored. */
export type StoredResult = { endpointId: number; checkedAt: number; status: HealthStatus; responseTime: number | null };

const STATUSES: readonly HealthStatus[] = ["healthy", "degraded", "unhealthy"];

export class RoundResults {
  #size = 0;
  #endpointIds = new Int32Array(256);
  #checkedAt = new Float64Array(256);
  #statuses = new Uint8Array(256);
  /** NaN: no response time (a failure before an answer). */
  #responseMs = new Float64Array(256);

  get length(): number {
    return this.#size;
  }

  push(result: StoredResult): void {
    if (this.#size === this.#endpointIds.length) this.#grow();
    const at = this.#size;
    this.#endpointIds[at] = result.endpointId;
    this.#checkedAt[at] = result.checkedAt;
    this.#statuses[at] = STATUSES.indexOf(result.status);
    this.#responseMs[at] = result.responseTime ?? Number.NaN;
    this.#size += 1;
  }

  /** The result at `index`, as an object again (the store writes a batch of them at a time). */
  at(index: number): StoredResult {
    const responseMs = this.#responseMs[index]!;
    return {
      endpointId: this.#endpointIds[index]!,
      checkedAt: this.#checkedAt[index]!,
      status: STATUSES[this.#statuses[index]!]!,
      responseTime: Number.isNaN(responseMs) ? null : responseMs,
    };
  }

  #grow(): void {
    const size = this.#endpointIds.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.#endpointIds = grown(this.#endpointIds, (n) => new Int32Array(n));
    this.#checkedAt = grown(this.#checkedAt, (n) => new Float64Array(n));
    this.#statuses = grown(this.#statuses, (n) => new Uint8Array(n));
    this.#responseMs = grown(this.#responseMs, (n) => new Float64Array(n));
  }
}

/** Results as the store reads them: a round's columns or a plain list (tests, tools). */
export type ResultRows = RoundResults | readonly StoredResult[];

export const resultAt = (rows: ResultRows, index: number): StoredResult =>
  rows instanceof RoundResults ? rows.at(index) : rows[index]!;
