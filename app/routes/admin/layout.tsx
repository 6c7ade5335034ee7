import { Outlet } from "react-router";
import type { ReactNode } from "react";
import type { RouteHandle } from "#app/root.tsx";
import { ErrorScreen } from "#app/components/error-screen.tsx";
import { refusalMessage, RoleRefusal } from "#app/admin/role-refusal.tsx";
import { CompanyTimeZone } from "#app/admin/when.tsx";
import { servicesFrom } from "#app/services.server.ts";
import type { Route } from "./+types/layout";

// The staff area runs as a full React Router app (see docs/decisions/001).
export const handle: RouteHandle = { hydrate: true };

export function loader({ context }: Route.LoaderArgs) {
  return { timeZone: servicesFrom(context).timeZone() };
}

function StaffFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 dark:bg-slate-950">
      <meta name="robots" content="noindex" />
      {children}
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame>
      <CompanyTimeZone.Provider value={loaderData.timeZone}>
        <Outlet />
      </CompanyTimeZone.Provider>
    </StaffFrame>
  );
}

// A page the role may not open stays inside the staff area (HTTP 403, the permission check's sentence, the way
// back) rather than falling through to the bare application error screen.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = refusalMessage(error);
  return <StaffFrame>{message ? <RoleRefusal message={message} /> : <ErrorScreen error={error} />}</StaffFrame>;
}
