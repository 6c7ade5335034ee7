// Each staff API route declares its permission with `allow(...)` before its
// handler; the declaration is kept beside the middleware so a test can find a
// route that declares none (server/http/staff-permissions.integration.test.ts).
import type { MiddlewareHandler } from "hono";
import type { Permission } from "#shared/auth/permissions.ts";
import { checkPermission, isRecentSignIn } from "#server/auth/permissions.ts";
import type { ApiEnv } from "./api-context.ts";
import { apiError } from "./staff-messages.ts";

const declared = new WeakMap<object, Permission>();

export function allow(permission: Permission): MiddlewareHandler<ApiEnv> {
  const middleware: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const check = checkPermission(c.get("session"), permission);
    if (!check.ok)
      return c.json({ ...apiError(check.key, check.vars), ...("enrol" in check ? { enrol: true } : {}) }, check.status);
    return next();
  };
  declared.set(middleware, permission);
  return middleware;
}

/** The permission a registered handler stands for, when it is one made by `allow`. */
export function declaredPermission(handler: object): Permission | undefined {
  return declared.get(handler);
}

/** After `allow`: the change needs a sign-in (or a confirmation) within ten minutes. */
export function recentSignIn(now: () => number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!isRecentSignIn(c.get("session"), now()))
      return c.json({ ...apiError("api.confirmFirst"), confirm: true }, 403);
    return next();
  };
}
