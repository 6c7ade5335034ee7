import { Outlet } from "react-router";
import type { RouteHandle } from "#app/root.tsx";

// The staff area runs as a full React Router app (see docs/decisions/001).
export const handle: RouteHandle = { hydrate: true };

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-slate-100 dark:bg-slate-950">
      <meta name="robots" content="noindex" />
      <Outlet />
    </div>
  );
}
