import { Outlet } from "react-router";
import type { RouteHandle } from "#app/root.tsx";
import { currentSession, requestStaffLanguage } from "#app/admin/session.server.ts";
import { StaffLanguageProvider } from "#app/admin/staff-language.tsx";
import { StaffLanguageSwitch } from "#app/admin/staff-language-switch.tsx";
import type { Route } from "./+types/layout";

// The staff area runs as a full React Router app (see docs/decisions/001).
export const handle: RouteHandle = { hydrate: true };

/** The staff language of every staff page (and of <html lang>): the saved choice, the switch's cookie, the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await currentSession(request, context);
  return { staffLanguage: requestStaffLanguage(request, session) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffLanguageProvider lang={loaderData.staffLanguage}>
      <div className="min-h-screen bg-slate-100 dark:bg-slate-950">
        <meta name="robots" content="noindex" />
        <div className="mx-auto max-w-6xl px-4 pt-3">
          <StaffLanguageSwitch />
        </div>
        <Outlet />
      </div>
    </StaffLanguageProvider>
  );
}
