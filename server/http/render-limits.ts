// How much server rendering one process takes on at once. Every public page
// is served from memory; what is still rendered per request (a form post
// without JavaScript, news pages past the first, the staff area) takes
// milliseconds of CPU each, during which the process answers nothing else.
// Two renders run at once (a loader waiting on the database does not hold
// the other back), 16 wait their turn for at most 5 s, and further requests
// get 503 at once: a flood of renders costs bounded memory, and /healthz,
// the API and files from memory stay fast beside it (decision 022).
import type { Context } from "hono";
import type { AdmissionLimits } from "#server/scheduling/admission.ts";

export const RENDER_LIMITS: AdmissionLimits = { concurrency: 2, queueLimit: 16, maxWaitMs: 5_000 };

/** Seconds a refused visitor is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function busy(c: Context): Response {
  c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  return c.text("The server is busy. Please try again in a few seconds.", 503);
}
