// /api/admin/contact-messages: the staff inbox (requireSession runs first).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { CONTACT_STATUSES } from "#shared/contact/contact-status.ts";
import type { Services } from "#server/services.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { apiError } from "#server/http/staff-messages.ts";

const listQuery = z.object({
  status: z.enum(CONTACT_STATUSES, { error: "api.query.contactStatus" }).optional(),
  page: z.coerce
    .number({ error: "api.query.pageNumber" })
    .int("api.query.pageWhole")
    .min(1, "api.query.pageMin")
    .max(100_000)
    .default(1),
});

function messageId(c: Context<ApiEnv>): number | undefined {
  const id = Number(c.req.param("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function adminContactRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const notFound = (c: Context<ApiEnv>) => c.json(apiError("api.messageNotFound"), 404);

  routes.get("/", allow("dashboard:read"), async (c) => {
    const query = listQuery.safeParse({
      status: c.req.query("status") || undefined,
      page: c.req.query("page") || undefined,
    });
    if (!query.success) {
      return c.json({ ...apiError("api.invalidInput"), fields: fieldErrors(query.error) }, 400);
    }
    return c.json(await services.inbox.list(query.data));
  });

  routes.get("/:id", allow("dashboard:read"), async (c) => {
    const id = messageId(c);
    const message = id ? await services.inbox.get(id) : undefined;
    return message ? c.json({ message }) : notFound(c);
  });

  routes.post("/:id/retry", allow("messages:manage"), async (c) => {
    const id = messageId(c);
    const outcome = id ? await services.inbox.retry(id) : "not-found";
    if (outcome === "not-found") return notFound(c);
    if (outcome === "already-sent") return c.json(apiError("api.messageSent"), 409);
    c.get("log").info(
      { event: "contact-retry", contactId: id, user: c.get("session").user.username },
      "contact message queued again",
    );
    await audit(c, services, { action: "contact-message.retried", target: `message ${id}` });
    return c.json({ message: await services.inbox.get(id!) });
  });

  routes.delete("/:id", allow("messages:manage"), async (c) => {
    const id = messageId(c);
    if (!id || !(await services.inbox.delete(id))) return notFound(c);
    c.get("log").info(
      { event: "contact-deleted", contactId: id, user: c.get("session").user.username },
      "contact message deleted",
    );
    await audit(c, services, { action: "contact-message.deleted", target: `message ${id}` });
    return c.body(null, 204);
  });

  return routes;
}
