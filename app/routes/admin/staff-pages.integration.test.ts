import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { may, PERMISSIONS, ROLES, type Permission } from "#shared/auth/permissions.ts";
import { createRolesApp } from "#tests/support/staff-roles.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import routes from "#app/routes.ts";

type Entry = { file: string; path?: string; children?: Entry[] };
type Loader = (args: { request: Request; context: unknown; params: object }) => Promise<unknown>;
type StaffPage = { file: string; path: string; permission: Permission | null; loader: Loader };

/** Every page of the staff area in app/routes.ts, with the permission its module declares. */
async function staffPages(): Promise<StaffPage[]> {
  const flat = (entries: Entry[]): Entry[] => entries.flatMap((entry) => [entry, ...flat(entry.children ?? [])]);
  const pages = flat(routes as Entry[]).filter((entry) => entry.file.startsWith("routes/admin/") && entry.path);
  return Promise.all(
    // The route table names the files: Vite cannot know them ahead, and need not.
    pages.map(async ({ file, path }) => {
      const module = (await import(/* @vite-ignore */ `../../${file}`)) as {
        permission?: Permission | null;
        loader: Loader;
      };
      if (module.permission === undefined) throw new Error(`${file} declares no permission`);
      return { file, path: `/${path}`, permission: module.permission, loader: module.loader };
    }),
  );
}

describe.each(testDatabases())("every staff page asks the one permission check, on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createRolesApp>>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createRolesApp(db.handle);
  });
  afterEach(() => cleanup());

  const load = (page: StaffPage, cookie?: string) =>
    page.loader({
      request: new Request(`http://localhost${page.path}`, {
        headers: { host: "localhost", ...(cookie ? { cookie } : {}) },
      }),
      context: t.routerContext(),
      params: {},
    });

  it("finds the staff pages, each declaring a known permission (sign-in and invitation alone none)", async () => {
    const pages = await staffPages();
    const open = ["/admin", "/admin/invitation"];
    expect(pages.map((page) => page.path).sort()).toEqual(
      [
        ...open,
        "/admin/account",
        "/admin/alerts",
        "/admin/audit",
        "/admin/dashboard",
        "/admin/messages",
        "/admin/staff",
        "/admin/subscribers",
      ].sort(),
    );
    for (const page of pages) {
      if (open.includes(page.path)) expect(page.permission, page.file).toBeNull();
      else expect(Object.keys(PERMISSIONS), page.file).toContain(page.permission);
    }
  });

  it("sends nobody signed out anything but the way to sign in, and hands each allowed role its role", async () => {
    for (const page of (await staffPages()).filter((entry) => entry.permission)) {
      const signedOut = await load(page).catch((thrown: unknown) => thrown);
      expect(signedOut, page.file).toBeInstanceOf(Response);
      expect((signedOut as Response).headers.get("location"), page.file).toBe("/admin");
      for (const role of ROLES) {
        const answer = await load(page, t.cookies[role]).catch((thrown: unknown) => thrown);
        if (may(role, page.permission!)) {
          expect((answer as { user: { role: string } }).user.role, `${page.file} as ${role}`).toBe(role);
        } else {
          expect(answer, `${page.file} as ${role}`).toMatchObject({ init: { status: 403 } });
        }
      }
    }
  });
});
