import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import { Badge, StatusBadge } from "../../admin/dashboard/badges.tsx";
import { RouteGuard } from "../../admin/route-guard.tsx";
import { currentSession } from "../../admin/session.server.ts";
import type { Route } from "./+types/alerts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (!session) throw redirect("/admin");
  if (!services.monitor) return { alerts: [], total: 0, page: 1, pages: 1 };
  const requested = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(requested) && requested >= 1 ? Math.min(requested, 100_000) : 1;
  return services.monitor.alerter.history(page);
}

export function meta() {
  return [{ title: "Alert history" }];
}

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });
const pageLink = "inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800";

export default function AlertsPage({ loaderData }: Route.ComponentProps) {
  const { alerts, total, page, pages } = loaderData;
  return (
    <RouteGuard>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Link to="/admin/dashboard" className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </Link>
        <h1 className="mt-4 text-2xl font-bold">Alert history</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {total} alerts, newest first. Suppressed alerts were decided during maintenance and not mailed.
        </p>
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" tabIndex={0} role="region" aria-label="Alerts (scrolls)">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Alerts, page {page} of {pages}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="p-2">Time</th>
                <th scope="col" className="p-2">Service</th>
                <th scope="col" className="p-2">Host</th>
                <th scope="col" className="p-2">Kind</th>
                <th scope="col" className="p-2">Severity</th>
                <th scope="col" className="p-2">Message</th>
                <th scope="col" className="p-2">Mail</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="p-2 whitespace-nowrap">{when(alert.at)}</td>
                  <td className="p-2 break-all">{alert.serviceId}</td>
                  <td className="p-2">{alert.host ?? "–"}</td>
                  <td className="p-2">{alert.kind}</td>
                  <td className="p-2">
                    <StatusBadge status={alert.severity} />
                  </td>
                  <td className="p-2">{alert.message}</td>
                  <td className="p-2">{alert.suppressed ? <Badge tone="slate">suppressed</Badge> : alert.delivered ? <Badge tone="green">sent</Badge> : <Badge tone="amber">queued</Badge>}</td>
                </tr>
              ))}
              {alerts.length === 0 ? (
                <tr>
                  <td colSpan={7} className="p-4 text-center">
                    No alerts yet.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
            {page > 1 ? (
              <Link className={pageLink} to={`?page=${page - 1}`}>
                Previous
              </Link>
            ) : null}
            <span className="text-sm">
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link className={pageLink} to={`?page=${page + 1}`}>
                Next
              </Link>
            ) : null}
          </nav>
        ) : null}
      </main>
    </RouteGuard>
  );
}
