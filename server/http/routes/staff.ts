// /api/admin/staff: the owner's management of the team. Every change needs a
// recent sign-in and is recorded in the audit trail; none may leave the team
// without an enabled owner.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ROLES } from "#shared/auth/permissions.ts";
import { staffEmailAddress } from "#shared/auth/staff-email.ts";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { InvitationConflictError, type QueueInvitationMail } from "#server/auth/invitations.ts";
import { StaffConflictError, StaffInputError, usernameFromLogin } from "#server/auth/staff.ts";
import { invitationLink, invitationMail } from "#server/mail/invitation-mail.ts";
import type { Services } from "#server/services.ts";
import { readForm, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { allow, recentSignIn } from "#server/http/permission.ts";
import { apiError, requestStaffLanguage, sentenceAnswer } from "#server/http/staff-messages.ts";

const role = z.enum(ROLES, { error: "api.staff.role" });
const invitationBody = z.object({
  email: staffEmailAddress,
  role,
  /** The invitee's staff language: their mail's, and their account's to start with; the inviter's when not given. */
  language: z.enum(LANGUAGES, { error: "api.language" }).optional(),
});
const roleBody = z.object({ role });
const settingsBody = z.object({
  requireSecondFactor: z.boolean({ error: "api.staff.requireSecondFactor" }),
});

export function staffRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const owner = allow("staff:manage");
  const recent = recentSignIn(services.now);
  const me = (c: Context<ApiEnv>) => c.get("session").user;

  /** Runs a change to one account, answering 404, 409 or 400 for the store's refusals. */
  async function change(
    c: Context<ApiEnv>,
    action: string,
    run: (username: string) => Promise<unknown>,
    detail?: Record<string, unknown>,
  ) {
    const username = c.req.param("username") ?? "";
    const target = await services.staff.find(username);
    if (!target) return c.json(apiError("api.staff.noAccount", { username }), 404);
    try {
      await run(target.username);
    } catch (error) {
      if (error instanceof StaffConflictError) return c.json(sentenceAnswer(c, error), 409);
      if (error instanceof StaffInputError) return c.json(sentenceAnswer(c, error), 400);
      throw error;
    }
    await audit(c, services, { action, target: target.username, ...(detail ? { detail } : {}) });
    return c.json({ user: await services.staff.find(target.username) });
  }

  routes.get("/", owner, async (c) => {
    const counts = await services.factors.counts();
    const staff = (await services.staff.list()).map((account) => ({
      ...account,
      factors: counts.get(account.id) ?? 0,
    }));
    return c.json({
      staff,
      invitations: await services.invitations.listOpen(),
      requireSecondFactor: await services.staffSettings.requireSecondFactor(),
    });
  });

  routes.post("/invitations", owner, recent, async (c) => {
    const body = await readForm(c, invitationBody);
    if (!body.ok) return body.response;
    // The mail is queued with the invitation, in one transaction: neither is ever without the other.
    const queueMail: QueueInvitationMail = (trx, made, token) =>
      services.outbox.enqueue(trx, invitationMail(made, invitationLink(services.config.SITE_URL, token)));
    let invitation;
    try {
      const { email, role: invitedRole, language = requestStaffLanguage(c) } = body.data;
      invitation = await services.invitations.create(email, invitedRole, me(c).username, queueMail, language);
    } catch (error) {
      if (!(error instanceof InvitationConflictError)) throw error;
      return c.json(sentenceAnswer(c, error, "email"), 409);
    }
    services.delivery?.kick();
    await audit(c, services, {
      action: "invitation.sent",
      target: invitation.email,
      detail: { role: invitation.role },
    });
    return c.json({ invitation }, 201);
  });

  routes.delete("/invitations/:id{[0-9]+}", owner, recent, async (c) => {
    const withdrawn = await services.invitations.withdraw(Number(c.req.param("id")));
    if (!withdrawn) return c.json(apiError("api.staff.noInvitation"), 404);
    await audit(c, services, { action: "invitation.withdrawn", target: withdrawn.email });
    return c.body(null, 204);
  });

  routes.put("/settings", owner, recent, async (c) => {
    const body = await readForm(c, settingsBody);
    if (!body.ok) return body.response;
    // Whoever turns it on must not be the first one it shuts out of this page.
    const sso = (await services.staff.findById(me(c).id))?.sso ?? false;
    if (body.data.requireSecondFactor && !sso && (await services.factors.count(me(c).id)) === 0)
      return c.json(apiError("api.staff.ownFactorFirst"), 409);
    await services.staffSettings.setRequireSecondFactor(body.data.requireSecondFactor);
    await audit(c, services, {
      action: "settings.changed",
      detail: { requireSecondFactor: body.data.requireSecondFactor },
    });
    return c.json({ requireSecondFactor: body.data.requireSecondFactor });
  });

  routes.post("/:username/role", owner, recent, async (c) => {
    const body = await readForm(c, roleBody);
    if (!body.ok) return body.response;
    return change(c, "staff.role-changed", (name) => services.staff.setRole(name, body.data.role), {
      role: body.data.role,
    });
  });

  routes.post("/:username/disable", owner, recent, async (c) => {
    // Compared as the store finds accounts ("OWNER", "owner@<staff domain>" are the same person).
    if (usernameFromLogin(c.req.param("username")) === me(c).username)
      return c.json(apiError("api.staff.notYourself"), 409);
    return change(c, "staff.disabled", (name) => services.staff.disable(name));
  });

  routes.post("/:username/enable", owner, recent, (c) =>
    change(c, "staff.enabled", (name) => services.staff.enable(name)),
  );

  routes.post("/:username/reset-factors", owner, recent, (c) =>
    change(c, "staff.factors-reset", async (name) => {
      const account = await services.staff.find(name);
      if (!account) return;
      await services.factors.removeAll(account.id);
      await services.recoveryCodes.removeAll(account.id);
      // Whoever held the lost phone or key may be signed in with it: every session ends.
      await services.sessions.revokeAll(account.id);
    }),
  );

  return routes;
}
