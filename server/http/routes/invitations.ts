// /api/auth/invitations: the invited person's side. The token travels in the
// request body (the link keeps it in the fragment), never in a URL a log keeps.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { InvitationConflictError, suggestedUsername } from "#server/auth/invitations.ts";
import { completeSignIn, throttledBy } from "#server/auth/sign-in.ts";
import { StaffInputError } from "#server/auth/staff.ts";
import { throttleKey } from "#server/auth/throttle.ts";
import type { Services } from "#server/services.ts";
import { readForm, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { signedInResponse, signInClient } from "#server/http/signed-in.ts";
import { apiError, sentenceAnswer } from "#server/http/staff-messages.ts";
import { throttledAnswer } from "./auth.ts";

const INVALID_INVITATION = apiError("api.invitation.invalid");

const token = z.string({ error: "api.invitation.tokenRequired" }).max(64, "api.invitation.tokenTooLong");
const lookupBody = z.object({ token });
const acceptBody = z.object({
  token,
  username: z.string({ error: "api.usernameRequired" }).trim().min(1, "api.usernameRequired").max(64),
  password: z.string({ error: "api.passwordRequired" }).min(1, "api.passwordRequired").max(1024),
});

export function invitationRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  // A token is a key that can be guessed at: each unknown one counts against the client's network, under a key
  // of its own kind (no account's sign-in is held by it).
  async function guarded(c: Context<ApiEnv>) {
    const network = services.signInDeps.networkPseudonym(c.get("clientIp"));
    const reservation = await services.throttle.reserve([throttleKey("invitation:network", network)]);
    return reservation.ok ? undefined : throttledAnswer(c, throttledBy(reservation));
  }

  routes.post("/lookup", async (c) => {
    const body = await readForm(c, lookupBody);
    if (!body.ok) return body.response;
    const invitation = await services.invitations.lookup(body.data.token);
    if (!invitation) return (await guarded(c)) ?? c.json(INVALID_INVITATION, 404);
    const { email, role, expiresAt } = invitation;
    return c.json({ email, role, expiresAt, suggestedUsername: suggestedUsername(email) });
  });

  routes.post("/accept", async (c) => {
    const body = await readForm(c, acceptBody);
    if (!body.ok) return body.response;
    const { token: link, username, password } = body.data;
    let user;
    try {
      user = await services.invitations.accept(link, username, password);
    } catch (error) {
      if (error instanceof InvitationConflictError) return c.json(sentenceAnswer(c, error), 409);
      if (!(error instanceof StaffInputError)) throw error;
      const field = error.sentence?.key.startsWith("api.password.") ? "password" : "username";
      return c.json(sentenceAnswer(c, error, field), 400);
    }
    if (!user) return (await guarded(c)) ?? c.json(INVALID_INVITATION, 404);
    await audit(c, services, { action: "invitation.accepted", actor: user.username, detail: { role: user.role } });
    return signedInResponse(
      c,
      services,
      await completeSignIn(services.signInDeps, user, signInClient(c)),
      "invitation",
      201,
    );
  });

  return routes;
}
