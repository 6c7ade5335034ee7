// The answer to a completed sign-in, whichever way it was made (password,
// second step, passkey, invitation): the session and device cookies, the audit
// event, and what the page needs next.
import type { Context } from "hono";
import type { SignedIn } from "#server/auth/sign-in.ts";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "./api-context.ts";
import { adoptStaffLanguage } from "./routes/language.ts";
import {
  clearedShortCookie,
  deviceCookie,
  readDeviceToken,
  readSessionToken,
  readShortCookie,
  sessionCookie,
} from "./session-cookie.ts";

export async function signedInResponse(
  c: Context<ApiEnv>,
  services: Services,
  result: SignedIn,
  method: string,
  status: 200 | 201 = 200,
): Promise<Response> {
  const cookies = c.get("cookieRequest");
  c.get("log").info({ event: "signed-in", user: result.user.username, method }, "signed in");
  await services.audit.record({
    actor: result.user.username,
    actorId: result.user.id,
    source: services.audit.pseudonym(c.get("clientIp")),
    action: "sign-in.succeeded",
    detail: { method },
  });
  // A session the browser held before is ended, not left beside the new one (session fixation, ASVS 3.2.1).
  const previous = readSessionToken(cookies);
  if (previous) await services.sessions.revoke(previous);
  // Appended: a cookie the route already cleared (the passkey ceremony's) stays cleared.
  c.header("Set-Cookie", sessionCookie(cookies, result.token), { append: true });
  c.header("Set-Cookie", deviceCookie(cookies, result.deviceToken), { append: true });
  if (readShortCookie(cookies, "pending"))
    c.header("Set-Cookie", clearedShortCookie(cookies, "pending"), { append: true });
  const session = await services.sessions.validate(result.token);
  await adoptStaffLanguage(c, services, session);
  return c.json({ user: result.user, expiresAt: result.expiresAt, mustEnrol: session?.mustEnrol ?? false }, status);
}

/** The client as the sign-in sees it: address, device cookie, browser. */
export function signInClient(c: Context<ApiEnv>) {
  return {
    ip: c.get("clientIp"),
    deviceToken: readDeviceToken(c.get("cookieRequest")),
    userAgent: c.req.header("user-agent"),
  };
}
