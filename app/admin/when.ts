/** A moment the same for every reader and on both sides of hydration: UTC, to the minute. */
export function when(moment: number | string): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? "–" : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The moment as a <time> element's machine-readable value. */
export function isoTime(moment: number | string): string | undefined {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
