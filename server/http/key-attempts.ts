// The HTTP side of key-guard.ts: once a presented key (a push token, a
// bearer) was compared, a client network that has missed too often gets 429
// with Retry-After instead of the answer, whether the key was right or not.
import type { Context } from "hono";
import type { KeySurface } from "#server/auth/key-guard.ts";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "./api-context.ts";
import { apiError } from "./staff-messages.ts";

/** The 429 to answer instead, or null when the client may hear how its key compared. */
export async function heldForKeys<E extends ApiEnv>(
  c: Context<E>,
  services: Services,
  surface: KeySurface,
  hit: boolean,
): Promise<Response | null> {
  const verdict = await services.keyGuard.admit(surface, c.get("clientIp"), hit);
  if (verdict.ok) return null;
  c.get("log").warn({ event: "key-misses", surface }, "too many wrong keys from one client network");
  c.header("Retry-After", String(verdict.retryAfterSeconds));
  return c.json({ ...apiError("api.tooManyKeys"), retryAfterSeconds: verdict.retryAfterSeconds }, 429);
}
