// /api/admin/account: every staff member's own password, second factors,
// recovery codes and sessions. Adding or removing a factor needs a recent
// sign-in; the first factor added comes with ten recovery codes. A change of
// password or factors ends the person's other sessions: one of them may be a
// thief's, who must not outlive the change made to shut them out.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { company } from "#shared/company.ts";
import { passkeyRegistrationOptions, verifyPasskeyRegistration } from "#server/auth/passkeys.ts";
import { reserveAttempt, throttledBy } from "#server/auth/sign-in.ts";
import { StaffInputError } from "#server/auth/staff.ts";
import { createTotpSecret, qrSvg, totpUri, verifyTotp } from "#server/auth/totp.ts";
import type { Services } from "#server/services.ts";
import { readForm, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { allow, recentSignIn } from "#server/http/permission.ts";
import { clearedShortCookie, readSessionToken, readShortCookie, shortCookie } from "#server/http/session-cookie.ts";
import { signInClient } from "#server/http/signed-in.ts";
import { apiError, sentenceAnswer } from "#server/http/staff-messages.ts";
import { throttledAnswer } from "./auth.ts";

const SETUP_MS = 10 * 60_000;

// One message for both forms: the authenticator app's field is "Label", the passkey's "Passkey label".
const label = z.string().trim().min(1, "api.account.labelRequired").max(64, "api.account.labelTooLong");
const passwordBody = z.object({
  current: z.string({ error: "api.account.currentRequired" }).min(1, "api.account.currentRequired").max(1024),
  next: z.string({ error: "api.account.newRequired" }).min(1, "api.account.newRequired").max(1024),
});
const totpBody = z.object({
  setupId: z.string().max(64),
  code: z
    .string({ error: "api.signIn.codeRequired" })
    .trim()
    .regex(/^\d{6}$/, "api.account.sixDigits"),
  label: label.default("Authenticator app"),
});
const passkeyBody = z.object({ response: z.unknown(), label: label.default("Passkey") });

/** The person's new password, proven by the current one; the person's other sessions end. */
async function changeOwnPassword(c: Context<ApiEnv>, services: Services) {
  const body = await readForm(c, passwordBody);
  if (!body.ok) return body.response;
  const { id, username } = c.get("session").user;
  // The current password is a key that can be guessed (with a stolen session): counted like a sign-in's.
  const reservation = await reserveAttempt(services.signInDeps, username, signInClient(c));
  if (!reservation.ok) return throttledAnswer(c, throttledBy(reservation));
  try {
    const outcome = await services.staff.changePassword(id, body.data.current, body.data.next);
    if (outcome === "wrong-password") return c.json(apiError("api.account.wrongPassword"), 401);
  } catch (error) {
    if (!(error instanceof StaffInputError)) throw error;
    await services.throttle.succeeded(reservation.keys);
    return c.json(sentenceAnswer(c, error, "next"), 400);
  }
  await services.throttle.succeeded(reservation.keys);
  await audit(c, services, {
    action: "password.changed",
    detail: { sessionsEnded: await endOtherSessions(c, services) },
  });
  return c.body(null, 204);
}

/** Ends every session of the signed-in person but this request's; returns how many. */
async function endOtherSessions(c: Context<ApiEnv>, services: Services): Promise<number> {
  const token = readSessionToken(c.get("cookieRequest"));
  return token ? services.sessions.endOthers(c.get("session").user.id, token) : 0;
}

export function accountRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const self = allow("account:self");
  const recent = recentSignIn(services.now);
  const user = (c: Context<ApiEnv>) => c.get("session").user;

  /** Ten recovery codes with the first factor: without them a lost phone locks the person out. */
  async function codesWithFirstFactor(userId: number) {
    if ((await services.factors.count(userId)) !== 1) return {};
    return { recoveryCodes: await services.recoveryCodes.replace(userId) };
  }

  routes.get("/", self, async (c) => {
    const { id } = user(c);
    const account = await services.staff.findById(id);
    return c.json({
      user: user(c),
      requireSecondFactor: await services.staffSettings.requireSecondFactor(),
      mustEnrol: c.get("session").mustEnrol,
      sso: account?.sso ?? false,
      factors: await services.factors.list(id),
      recoveryCodesLeft: await services.recoveryCodes.remaining(id),
      sessions: await services.sessions.list(id, readSessionToken(c.get("cookieRequest"))),
    });
  });

  routes.post("/password", self, (c) => changeOwnPassword(c, services));

  routes.post("/sessions/end-others", self, async (c) => {
    const ended = await endOtherSessions(c, services);
    await audit(c, services, { action: "sessions.ended-others", detail: { ended } });
    return c.json({ ended });
  });

  routes.post("/totp/setup", self, recent, async (c) => {
    const secret = createTotpSecret();
    const uri = totpUri(secret, user(c).email ?? user(c).username, company.brand);
    // Sealed like the factor it becomes: a copy of the database taken meanwhile holds no usable secret.
    const sealed = services.factors.sealSecret(secret);
    const setupId = await services.challenges.issue("totp-setup", user(c).id, { secret: sealed }, SETUP_MS);
    return c.json({ setupId, secret, uri, qrSvg: qrSvg(uri) });
  });

  routes.post("/totp", self, recent, async (c) => {
    const body = await readForm(c, totpBody);
    if (!body.ok) return body.response;
    const setup = await services.challenges.peek("totp-setup", body.data.setupId);
    const secret = setup ? services.factors.openSecret(String(setup.value.secret)) : undefined;
    if (!setup || setup.userId !== user(c).id || secret === undefined)
      return c.json({ ...apiError("api.account.setupExpired"), fields: { setupId: "expired" } }, 410);
    const check = verifyTotp(secret, body.data.code, services.now(), null);
    if (!check.ok)
      return c.json({ ...apiError("api.account.wrongCode"), fields: { code: "api.account.wrongCode" } }, 400);
    await services.challenges.take("totp-setup", body.data.setupId);
    const factor = await services.factors.addTotp(user(c).id, body.data.label, secret, check.step);
    const codes = await codesWithFirstFactor(user(c).id);
    const sessionsEnded = await endOtherSessions(c, services);
    await audit(c, services, { action: "factor.added", detail: { kind: "totp", label: factor.label, sessionsEnded } });
    return c.json({ factor, ...codes }, 201);
  });

  routes.post("/passkeys/options", self, recent, async (c) => {
    const existing = await services.factors.passkeys(user(c).id);
    const { options, challenge } = await passkeyRegistrationOptions(services.rp, user(c), existing);
    const ceremony = await services.challenges.issue("passkey-register", user(c).id, { challenge }, SETUP_MS);
    c.header("Set-Cookie", shortCookie(c.get("cookieRequest"), "ceremony", ceremony));
    return c.json({ options });
  });

  routes.post("/passkeys", self, recent, async (c) => {
    const body = await readForm(c, passkeyBody);
    if (!body.ok) return body.response;
    const ceremony = await services.challenges.take(
      "passkey-register",
      readShortCookie(c.get("cookieRequest"), "ceremony"),
    );
    c.header("Set-Cookie", clearedShortCookie(c.get("cookieRequest"), "ceremony"));
    if (!ceremony || ceremony.userId !== user(c).id) return c.json(apiError("api.account.requestExpired"), 410);
    const check = await verifyPasskeyRegistration(services.rp, body.data.response, String(ceremony.value.challenge));
    if (!check.ok) return c.json(apiError("api.account.passkeyRefused", { reason: check.error }), 400);
    if (await services.factors.passkeyById(check.passkey.credentialId))
      return c.json(apiError("api.account.passkeyTaken"), 409);
    const factor = await services.factors.addPasskey(user(c).id, body.data.label, check.passkey);
    const codes = await codesWithFirstFactor(user(c).id);
    const sessionsEnded = await endOtherSessions(c, services);
    await audit(c, services, {
      action: "factor.added",
      detail: { kind: "passkey", label: factor.label, sessionsEnded },
    });
    return c.json({ factor, ...codes }, 201);
  });

  routes.delete("/factors/:id{[0-9]+}", self, recent, async (c) => {
    const removed = await services.factors.remove(user(c).id, Number(c.req.param("id")));
    if (!removed) return c.json(apiError("api.account.noFactor"), 404);
    // The last factor gone, the recovery codes go too: they stood in for factors that no longer exist.
    if ((await services.factors.count(user(c).id)) === 0) await services.recoveryCodes.removeAll(user(c).id);
    const sessionsEnded = await endOtherSessions(c, services);
    await audit(c, services, {
      action: "factor.removed",
      detail: { kind: removed.kind, label: removed.label, sessionsEnded },
    });
    return c.body(null, 204);
  });

  routes.post("/recovery-codes", self, recent, async (c) => {
    if ((await services.factors.count(user(c).id)) === 0) return c.json(apiError("api.account.factorFirst"), 409);
    const recoveryCodes = await services.recoveryCodes.replace(user(c).id);
    await audit(c, services, {
      action: "recovery-codes.created",
      detail: { sessionsEnded: await endOtherSessions(c, services) },
    });
    return c.json({ recoveryCodes });
  });

  return routes;
}
