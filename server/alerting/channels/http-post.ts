// One bounded HTTP request for the HTTP channels (server/net/outgoing-request.ts:
// one deadline, no redirects, a few KB of the answer read at most). The
// outcome is a DeliveryError the outbox understands: transient when waiting
// can help (timeouts, 408, 425, 429, 5xx), permanent when the receiver
// refused the notice for good or the target is not allowed. Channel URLs
// carry tokens in their paths and queries, so a message names the host only,
// and anything a receiver echoes back is scrubbed of the URL's secret-looking
// parts and the caller's secrets. A receiver of the owner's choosing (a
// webhook) is held to a target policy and never quoted: its answer could be
// anything the target holds.
import { RefusedTarget, type TargetPolicy } from "#server/net/address-guard.ts";
import { describeError } from "#server/net/error-text.ts";
import { RequestTimeout, sendRequest, type Answer } from "#server/net/outgoing-request.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";

export type PostOptions = {
  timeoutMs: number;
  headers?: Record<string, string>;
  method?: "POST" | "PUT";
  /** Values that must never appear in an error (tokens sent in headers); the URL's own are found without help. */
  secrets?: readonly string[];
  /** Where the request may connect (address-guard.ts); without it, anywhere. */
  targets?: TargetPolicy;
  /** Whether an error quotes the receiver's own words (default) or gives the status only. */
  quoteAnswer?: boolean;
};

/** Enough of an error answer for its reason; the rest is not read. */
const MAX_ANSWER_BYTES = 4 * 1024;
const MAX_REASON_CHARS = 200;
/** Path segments this long may be tokens (Slack, Discord, Telegram, Teams all put one there). */
const MIN_PATH_SECRET = 8;
/**
 * Shorter secrets (and query values) are not hidden: they would cut up the status and the reason, and guard nothing.
 */
const MIN_SECRET = 4;
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

/** Sends a JSON document (sent byte for byte, so a signature over it holds); any 2xx answer is success. */
export async function postJson(url: string, body: string, options: PostOptions): Promise<void> {
  const method = options.method ?? "POST";
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DeliveryError(`${method}: invalid URL`, { permanent: true });
  }
  const hide = scrubber(target, options.secrets ?? []);
  const where = `${method} ${target.host}`;
  const quote = options.quoteAnswer ?? true;
  let response: Answer;
  try {
    response = await sendRequest(target, {
      method,
      body,
      headers: { "User-Agent": "muster-digital-monitor", "Content-Type": "application/json", ...options.headers },
      timeoutMs: options.timeoutMs,
      // The status decides; a body that is too large only costs the reason.
      maxAnswerBytes: quote ? MAX_ANSWER_BYTES : 0,
      targets: options.targets,
    });
  } catch (error) {
    if (error instanceof RefusedTarget)
      throw new DeliveryError(hide(`${where}: ${error.message}`), { permanent: true });
    const reason = error instanceof RequestTimeout ? `timed out after ${options.timeoutMs} ms` : describeError(error);
    throw new DeliveryError(hide(`${where}: ${reason}`));
  }
  if (response.status >= 200 && response.status <= 299) return;
  const reason = quote ? reasonOf(response.text) : "";
  const message = hide(`${where}: HTTP ${response.status}${reason ? `: ${reason}` : ""}`);
  const transient = TRANSIENT_STATUSES.has(response.status) || response.status >= 500;
  if (!transient) throw new DeliveryError(message, { permanent: true });
  const header = response.headers["retry-after"];
  const retryAfterMs = retryAfter(typeof header === "string" ? header : null);
  throw new DeliveryError(message, retryAfterMs === undefined ? {} : { retryAfterMs });
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The receiver's own words: Telegram's "description", Matrix's and ntfy's
 * "error", Discord's "message", Teams' "error.message", Slack's plain text;
 * else the answer as it came, on one line.
 */
function reasonOf(answer: string): string {
  let words = answer;
  try {
    const parsed = JSON.parse(answer) as Record<string, unknown> | null;
    const error = parsed?.error as { message?: unknown } | string | undefined;
    const found = [
      parsed?.description,
      error,
      typeof error === "object" ? error?.message : undefined,
      parsed?.message,
      parsed?.errcode,
    ].find((candidate): candidate is string => typeof candidate === "string" && candidate.trim() !== "");
    if (found) words = found;
  } catch {
    // Not JSON: plain text, used as it is.
  }
  const line = words.replace(/\s+/g, " ").trim();
  return line.length > MAX_REASON_CHARS ? `${line.slice(0, MAX_REASON_CHARS - 1)}…` : line;
}

/** Replaces every secret-looking part of the URL and every given secret, raw and percent-decoded, with "[hidden]". */
function scrubber(url: URL, secrets: readonly string[]): (text: string) => string {
  const parts = [url.username, url.password, ...secrets];
  for (const segment of url.pathname.split("/")) if (segment.length >= MIN_PATH_SECRET) parts.push(segment);
  parts.push(...url.searchParams.values());
  const variants = new Set<string>();
  for (const part of parts) {
    if (part.length < MIN_SECRET) continue;
    variants.add(part);
    variants.add(encodeURIComponent(part));
    try {
      variants.add(decodeURIComponent(part));
    } catch {
      // Not valid percent-encoding: the raw form is already covered.
    }
  }
  // Longest first, so a secret containing a shorter one is hidden whole.
  const ordered = [...variants].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((result, secret) => result.split(secret).join("[hidden]"), text);
}
