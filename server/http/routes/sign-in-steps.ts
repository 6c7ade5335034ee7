// The sign-in after the password, and proving it again: POST /api/auth/
// second-factor (a code), passkey/options and passkey/sign-in (a passkey,
// as the second step or alone); GET and POST confirm, confirm/passkey/options
// and confirm/passkey (for the changes that need a recent sign-in: the
// password of an account without a second factor, else that factor).
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import type { FactorKind } from "#server/auth/factors.ts";
import type { StepResult } from "#server/auth/second-factor.ts";
import { checkPassword, reserveAttempt, throttledBy } from "#server/auth/sign-in.ts";
import { throttleKey } from "#server/auth/throttle.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { clearedShortCookie, readSessionToken, readShortCookie, shortCookie } from "#server/http/session-cookie.ts";
import { signedInResponse, signInClient } from "#server/http/signed-in.ts";
import { apiError } from "#server/http/staff-messages.ts";
import { throttledAnswer } from "./auth.ts";

/** What a refused code is told: a spent recovery code is named as such, anything else is just wrong. */
function codeRefusal(result: { kind: string; spent?: true }): StaffKey {
  return result.kind === "invalid" && result.spent ? "api.signIn.spentRecoveryCode" : "api.signIn.invalidCode";
}

const codeBody = z.object({
  code: z
    .string({ error: "api.signIn.codeRequired" })
    .trim()
    .min(1, "api.signIn.codeRequired")
    .max(64, "api.signIn.codeTooLong"),
});
const passkeyBody = z.object({ response: z.unknown() });
const confirmBody = z
  .object({
    password: z.string().max(1024, "api.passwordTooLong").optional(),
    code: z.string().trim().max(64, "api.signIn.codeTooLong").optional(),
  })
  .refine((body) => !!body.password || !!body.code, { message: "api.signIn.passwordOrCode", path: ["password"] });

const SECOND_FACTOR_NEEDED = "api.signIn.secondFactorNeeded";

async function stepAnswer(c: Context<ApiEnv>, services: Services, result: StepResult, failure: "code" | "passkey") {
  if (result.kind === "ok") return signedInResponse(c, services, result, result.method);
  if (result.kind === "throttled") return throttledAnswer(c, result);
  if (result.kind === "expired") {
    c.header("Set-Cookie", clearedShortCookie(c.get("cookieRequest"), "pending"));
    return c.json(apiError("api.signIn.expired"), 410);
  }
  await audit(c, services, {
    action: "sign-in.failed",
    target: result.user?.username ?? null,
    detail: { step: failure, ...(result.spent ? { spentRecoveryCode: true } : {}) },
  });
  return c.json(apiError(failure === "passkey" ? "api.signIn.passkeyRefused" : codeRefusal(result)), 401);
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
      const reservation = await services.throttle.reserve([throttleKey("passkey-options:network", network)]);
      if (!reservation.ok) return throttledAnswer(c, throttledBy(reservation));
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
    if (result.kind === "expired" && !pending) return c.json(apiError("api.signIn.passkeyExpired"), 410);
    return stepAnswer(c, services, result, "passkey");
  });

  confirmRoutes(routes, services);
  return routes;
}

export type ConfirmMethod = FactorKind | "recovery" | "password";

/** How a signed-in person proves it is them again: the password, or, once the account has one, a second factor. */
async function confirmMethods(services: Services, userId: number): Promise<ConfirmMethod[]> {
  const kinds = await services.factors.kinds(userId);
  return kinds.length > 0 ? [...kinds, "recovery"] : ["password"];
}

/** The confirmations (a recent sign-in) of the signed-in person; every guess counts like a sign-in's. */
function confirmRoutes(routes: Hono<ApiEnv>, services: Services) {
  const cookies = (c: Context<ApiEnv>) => c.get("cookieRequest");
  /** The session's token and person, or undefined (answered 401) when not signed in. */
  async function signedIn(c: Context<ApiEnv>) {
    const token = readSessionToken(cookies(c));
    const session = token ? await services.sessions.validate(token) : undefined;
    if (!token || !session) return undefined;
    c.set("session", session);
    return { token, user: session.user };
  }
  async function answer(c: Context<ApiEnv>, token: string, method: string, proved: boolean, failure: StaffKey) {
    if (!proved) {
      await audit(c, services, { action: "confirm.failed", detail: { method } });
      return c.json(apiError(failure), 401);
    }
    await audit(c, services, { action: "confirm.succeeded", detail: { method } });
    return c.json({ verifiedAt: await services.sessions.markVerified(token) });
  }
  const notSignedIn = (c: Context<ApiEnv>) => c.json(apiError("api.notSignedIn"), 401);

  routes.get("/confirm", async (c) => {
    const me = await signedIn(c);
    if (!me) return notSignedIn(c);
    return c.json({ methods: await confirmMethods(services, me.user.id) });
  });

  routes.post("/confirm", async (c) => {
    const me = await signedIn(c);
    if (!me) return notSignedIn(c);
    const body = await readJson(c, confirmBody);
    if (!body.ok) return body.response;
    const client = signInClient(c);
    if (body.data.code) {
      const result = await services.secondFactor.proveWithCode(me.user, body.data.code, client);
      if (result.kind === "throttled") return throttledAnswer(c, result);
      return answer(c, me.token, "code", result.kind === "ok", codeRefusal(result));
    }
    // With a second factor the password alone proves nothing a thief of the session could not know: not even
    // checked (nor counted), so this answer is no way to try passwords either.
    const methods = await confirmMethods(services, me.user.id);
    if (!methods.includes("password"))
      return c.json({ error: SECOND_FACTOR_NEEDED, fields: { code: SECOND_FACTOR_NEEDED }, methods }, 400);
    const reservation = await reserveAttempt(services.signInDeps, me.user.username, client);
    if (!reservation.ok) return throttledAnswer(c, throttledBy(reservation));
    const row = await services.staff.findWithHash(me.user.username);
    const proved = await checkPassword(services.signInDeps, row?.password_hash, body.data.password ?? "");
    if (proved) await services.throttle.succeeded(reservation.keys);
    return answer(c, me.token, "password", proved, "api.signIn.wrongPassword");
  });

  routes.post("/confirm/passkey/options", async (c) => {
    const me = await signedIn(c);
    if (!me) return notSignedIn(c);
    if (!(await services.factors.kinds(me.user.id)).includes("passkey"))
      return c.json(apiError("api.signIn.noPasskey"), 409);
    const { options, ceremony } = await services.secondFactor.confirmPasskeyOptions(me.user);
    c.header("Set-Cookie", shortCookie(cookies(c), "ceremony", ceremony));
    return c.json({ options });
  });

  routes.post("/confirm/passkey", async (c) => {
    const me = await signedIn(c);
    if (!me) return notSignedIn(c);
    const body = await readJson(c, passkeyBody);
    if (!body.ok) return body.response;
    const ceremony = readShortCookie(cookies(c), "ceremony");
    c.header("Set-Cookie", clearedShortCookie(cookies(c), "ceremony"));
    const result = await services.secondFactor.proveWithPasskey(ceremony, body.data.response, signInClient(c), me.user);
    if (result.kind === "throttled") return throttledAnswer(c, result);
    if (result.kind === "expired") return c.json(apiError("api.signIn.passkeyExpired"), 410);
    return answer(c, me.token, "passkey", result.kind === "ok", "api.signIn.passkeyRefused");
  });
}
