// Records an audit event for the request being answered: its signed-in staff
// member (or nobody), and the keyed pseudonym of its client's address.
import type { Context } from "hono";
import type { AuditActor, AuditEvent } from "#server/audit/audit-trail.ts";
import type { Session } from "#server/auth/sessions.ts";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "./api-context.ts";

export function requestActor(c: Context<ApiEnv>, services: Services, actor?: string): AuditActor {
  // Hono's typed `get` promises a session everywhere; outside /api/admin there is none.
  const session = c.get("session") as Session | undefined;
  return {
    actor: actor ?? session?.user.username ?? null,
    actorId: actor === undefined ? (session?.user.id ?? null) : null,
    source: services.audit.pseudonym(c.get("clientIp")),
  };
}

/** Records what the request did; never fails the request (audit-trail.ts logs a failed write). */
export function audit(
  c: Context<ApiEnv>,
  services: Services,
  event: Omit<AuditEvent, keyof AuditActor> & { actor?: string },
): Promise<void> {
  const { actor, ...rest } = event;
  return services.audit.record({ ...requestActor(c, services, actor), ...rest });
}
