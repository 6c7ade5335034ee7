import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ReactNode } from "react";
import type { RouteHandle } from "#app/root.tsx";
import { ErrorScreen } from "#app/components/error-screen.tsx";
import { refusalMessage, RoleRefusal } from "#app/admin/role-refusal.tsx";
import { CompanyTimeZone } from "#app/admin/when.tsx";
import { servicesFrom } from "#app/services.server.ts";
import { currentSession, requestStaffLanguage } from "#app/admin/session.server.ts";
import { StaffLanguageProvider } from "#app/admin/staff-language.tsx";
import { StaffLanguageSwitch } from "#app/admin/staff-language-switch.tsx";
import type { Route } from "./+types/layout";

// The staff area runs as a full React Router app (see docs/decisions/001).
export const handle: RouteHandle = { hydrate: true };

/** What every staff page shares: its language (the saved choice, the switch's cookie, the browser) and the company's
 * time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await currentSession(request, context);
  return { staffLanguage: requestStaffLanguage(request, session), timeZone: servicesFrom(context).timeZone() };
}

/** Pages where no one is signed in yet: the language of the person who signs in there is the account's. */
const SIGNED_OUT_PAGES = new Set(["/admin", "/admin/", "/admin/invitation"]);

/**
 * Read again on the way in or out of a signed-in session: a child page alone would keep the sign-in page's
 * language (its browser's) where the account has chosen another.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname !== nextUrl.pathname &&
    (SIGNED_OUT_PAGES.has(currentUrl.pathname) || SIGNED_OUT_PAGES.has(nextUrl.pathname))
  )
    return true;
  return defaultShouldRevalidate;
}

function StaffFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 dark:bg-slate-950">
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-6xl px-4 pt-3">
        <StaffLanguageSwitch />
      </div>
      {children}
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffLanguageProvider lang={loaderData.staffLanguage}>
      <StaffFrame>
        <CompanyTimeZone.Provider value={loaderData.timeZone}>
          <Outlet />
        </CompanyTimeZone.Provider>
      </StaffFrame>
    </StaffLanguageProvider>
  );
}

// A page the role may not open stays inside the staff area (HTTP 403, the permission check's sentence, the way
// back) rather than falling through to the bare application error screen.
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const message = refusalMessage(error);
  return (
    <StaffLanguageProvider lang={loaderData?.staffLanguage ?? "en"}>
      <StaffFrame>{message ? <RoleRefusal message={message} /> : <ErrorScreen error={error} />}</StaffFrame>
    </StaffLanguageProvider>
  );
}
