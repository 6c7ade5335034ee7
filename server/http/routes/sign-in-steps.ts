// The sign-in after the password, and proving it again: POST /api/auth/
// second-factor (a code), passkey/options and passkey/sign-in (a passkey,
// as the second step or alone), confirm (password or code, for the changes
// that need a recent sign-in).
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { StepResult } from "#server/auth/second-factor.ts";
import { retryAfter, reserveAttempt } from "#server/auth/sign-in.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { clearedShortCookie, readSessionToken, readShortCookie, shortCookie } from "#server/http/session-cookie.ts";
import { signedInResponse, signInClient } from "#server/http/signed-in.ts";
import { throttled } from "./auth.ts";

export const INVALID_CODE = "Invalid code. Please try again.";
const EXPIRED = "The sign-in took too long. Please start again.";

const codeBody = z.object({
  code: z.string({ error: "Code is required" }).trim().min(1, "Code is required").max(64, "Code is too long"),
});
const passkeyBody = z.object({ response: z.unknown() });
const confirmBody = z
  .object({
    password: z.string().max(1024, "Password is too long").optional(),
    code: z.string().trim().max(64, "Code is too long").optional(),
  })
  .refine((body) => !!body.password || !!body.code, { message: "Password or code is required", path: ["password"] });

async function stepAnswer(c: Context<ApiEnv>, services: Services, result: StepResult, failure: string) {
  if (result.kind === "ok") return signedInResponse(c, services, result, result.method);
  if (result.kind === "throttled") return throttled(c, result.retryAfterSeconds);
  if (result.kind === "expired") {
    c.header("Set-Cookie", clearedShortCookie(c.get("cookieRequest"), "pending"));
    return c.json({ error: EXPIRED }, 410);
  }
  await audit(c, services, {
    action: "sign-in.failed",
    target: result.user?.username ?? null,
    detail: { step: failure },
  });
  return c.json({ error: failure === "passkey" ? "That passkey was not accepted." : INVALID_CODE }, 401);
}

export function signInStepRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const cookies = (c: Context<ApiEnv>) => c.get("cookieRequest");

  routes.post("/second-factor", async (c) => {
    const body = await readJson(c, codeBody);
    if (!body.ok) return body.response;
    const pending = readShortCookie(cookies(c), "pending");
    const result = await services.secondFactor.withCode(pending, body.data.code, signInClient(c));
    return stepAnswer(c, services, result, "code");
  });

  routes.post("/passkey/options", async (c) => {
    const pending = readShortCookie(cookies(c), "pending");
    // Anyone may ask for a passwordless ceremony, and each is a row for five minutes: a client network gets
    // the sign-in's allowance of them, and the ones run out are cleared as new ones come.
    if (!pending) {
      const network = services.signInDeps.networkPseudonym(c.get("clientIp"));
      const reservation = await services.throttle.reserve([{ kind: "ip", key: `passkey-options:${network}` }]);
      if (!reservation.ok) return throttled(c, retryAfter(reservation.retryAfterMs));
      await services.challenges.purgeExpired();
    }
    const { options, ceremony } = await services.secondFactor.passkeyOptions(pending);
    c.header("Set-Cookie", shortCookie(cookies(c), "ceremony", ceremony));
    return c.json({ options });
  });

  routes.post("/passkey/sign-in", async (c) => {
    const body = await readJson(c, passkeyBody);
    if (!body.ok) return body.response;
    const pending = readShortCookie(cookies(c), "pending");
    const ceremony = readShortCookie(cookies(c), "ceremony");
    c.header("Set-Cookie", clearedShortCookie(cookies(c), "ceremony"));
    const result = await services.secondFactor.withPasskey(pending, ceremony, body.data.response, signInClient(c));
    // A ceremony that ran out is no wrong guess: the browser asks for a new challenge.
    if (result.kind === "expired" && !pending) return c.json({ error: "The passkey request expired: try again." }, 410);
    return stepAnswer(c, services, result, "passkey");
  });

  routes.post("/confirm", async (c) => {
    const token = readSessionToken(cookies(c));
    const session = token ? await services.sessions.validate(token) : undefined;
    if (!token || !session) return c.json({ error: "Not signed in" }, 401);
    c.set("session", session);
    const body = await readJson(c, confirmBody);
    if (!body.ok) return body.response;
    const client = signInClient(c);
    const user = session.user;
    let proved: boolean;
    if (body.data.code) {
      const result = await services.secondFactor.proveWithCode(user, body.data.code, client);
      if (result.kind === "throttled") return throttled(c, result.retryAfterSeconds);
      proved = result.kind === "ok";
    } else {
      const reservation = await reserveAttempt(services.signInDeps, user.username, client);
      if (!reservation.ok) return throttled(c, retryAfter(reservation.retryAfterMs));
      const row = await services.staff.findWithHash(user.username);
      proved = !!row && (await verifyPassword(row.password_hash, body.data.password ?? ""));
      if (proved) await services.throttle.succeeded(reservation.keys);
    }
    if (!proved) {
      await audit(c, services, { action: "confirm.failed" });
      return c.json({ error: body.data.code ? INVALID_CODE : "Wrong password. Please try again." }, 401);
    }
    await audit(c, services, { action: "confirm.succeeded" });
    return c.json({ verifiedAt: await services.sessions.markVerified(token) });
  });

  return routes;
}
