import { COMPOSED_HANDLER } from "hono/utils/constants";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { may, PERMISSIONS, ROLES, type Permission } from "#shared/auth/permissions.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createRolesApp } from "#tests/support/staff-roles.ts";
import { browserHeaders } from "#tests/support/test-app.ts";
import { declaredPermission } from "./permission.ts";

type StaffRoute = { method: string; path: string; permission: Permission | undefined };

/** A sub-app's handler as mounted: Hono wraps it (for the parent's error handler) and keeps the original. */
function unwrapped(handler: object): object {
  const inner: unknown = (handler as Record<string, unknown>)[COMPOSED_HANDLER];
  return typeof inner === "function" ? unwrapped(inner) : handler;
}

/** Every route Hono registered under /api/admin, with the permission its `allow(...)` declares. */
function staffRoutes(app: { routes: { method: string; path: string; handler: object }[] }): StaffRoute[] {
  const found = new Map<string, StaffRoute>();
  for (const { method, path, handler } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/admin")) continue;
    const key = `${method} ${path}`;
    const route = found.get(key) ?? { method, path, permission: undefined };
    route.permission ??= declaredPermission(unwrapped(handler));
    found.set(key, route);
  }
  return [...found.values()];
}

/** A concrete URL for a route pattern: each parameter becomes 1. */
const urlOf = (path: string) => `http://localhost${path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "1")}`;

describe.each(testDatabases())("every staff API route asks the one permission check, on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createRolesApp>>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createRolesApp(db.handle);
  });
  afterEach(() => cleanup());

  const call = (route: StaffRoute, cookie?: string) =>
    t.app.request(urlOf(route.path), {
      method: route.method,
      headers: browserHeaders(cookie ? { cookie } : {}),
      ...(route.method === "GET" ? {} : { body: "{}" }),
    });

  it("finds the staff routes, and each declares a permission", () => {
    const routes = staffRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !route.permission).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("answers nobody signed out, and refuses each role what the table does not give it", async () => {
    for (const route of staffRoutes(t.app)) {
      const label = `${route.method} ${route.path}`;
      const signedOut = await call(route);
      expect(signedOut.status, label).toBe(401);
      expect(await signedOut.json(), label).toEqual({ error: "Not signed in" });
      for (const role of ROLES) {
        const response = await call(route, t.cookies[role]);
        if (may(role, route.permission!)) {
          expect([401, 403], `${label} as ${role}`).not.toContain(response.status);
        } else {
          expect(response.status, `${label} as ${role}`).toBe(403);
          const body = (await response.json()) as { error: string };
          expect(body.error, label).toMatch(new RegExp(`^Your role \\(${role}\\) may not `));
        }
      }
    }
  });

  it("gives a viewer no state-changing route but on their own account, an operator none on staff", () => {
    const routes = staffRoutes(t.app);
    const writes = routes.filter((route) => route.method !== "GET");
    expect(writes.length).toBeGreaterThan(5);
    const viewerWrites = writes.filter((route) => may("viewer", route.permission!));
    expect(viewerWrites.length).toBeGreaterThan(0);
    expect(viewerWrites.filter((route) => !route.path.startsWith("/api/admin/account/"))).toEqual([]);
    expect(routes.filter((route) => route.permission === "staff:manage").length).toBeGreaterThan(0);
    expect(may("operator", "staff:manage")).toBe(false);
    expect(Object.values(PERMISSIONS).every((roles) => (roles as readonly string[]).includes("owner"))).toBe(true);
  });

  it("stops a disabled account's sessions and its sign-in at once", async () => {
    const route = { method: "GET", path: "/api/admin/contact-messages", permission: undefined };
    expect((await call(route, t.cookies.operator)).status).toBe(200);
    await t.services.staff.disable("operator");
    expect((await call(route, t.cookies.operator)).status).toBe(401);
    const signIn = await t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "operator", password: "correct horse battery staple" }),
    });
    expect(signIn.status).toBe(401);
  });

  it("carries a changed role to a session's next request", async () => {
    const route = { method: "DELETE", path: "/api/admin/contact-messages/:id", permission: undefined };
    expect((await call(route, t.cookies.viewer)).status).toBe(403);
    await t.services.staff.setRole("viewer", "owner");
    expect((await call(route, t.cookies.viewer)).status).toBe(404);
  });
});
