// An API test app with one signed-in account per role, for the permission tests
// of the staff API and the staff pages.
import { RouterContextProvider } from "react-router";
import { ROLES, type Role } from "#shared/auth/permissions.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { servicesContext } from "#server/http/render-context.ts";
import { browserHeaders, cookieFrom, createTestApp } from "./test-app.ts";

export const STAFF_PASSWORD = "correct horse battery staple";

export async function createRolesApp(handle: DatabaseHandle) {
  const t = await createTestApp(handle);
  const cookies = {} as Record<Role, string>;
  // The first account is an owner whatever is asked: create the owner first, then the others with their roles.
  for (const role of ROLES) {
    await t.services.staff.create(role, STAFF_PASSWORD, role);
    const signIn = await t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: role, password: STAFF_PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in as ${role}: ${signIn.status}`);
    cookies[role] = cookieFrom(signIn);
  }
  /** What React Router hands a staff page's loader for one request. */
  const routerContext = () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, t.services);
    return context;
  };
  return { ...t, cookies, routerContext };
}
