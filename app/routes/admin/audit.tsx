import type { Permission } from "#shared/auth/permissions.ts";
import { Link } from "react-router";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { auditQuery, auditQueryValues, AUDIT_PAGE_SIZE, type AuditQueryInput } from "#shared/audit/audit-query.ts";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { When } from "#app/admin/when.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import type { Route } from "./+types/audit";
import { cellClass, ScrollTable } from "#app/admin/scroll-table.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "audit:read";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await requirePermission(request, context, permission);
  const params = new URL(request.url).searchParams;
  // A value that does not fit (a hand-edited cursor) is dropped rather than refused: the page still shows the newest.
  const parsed = auditQuery.safeParse(auditQueryValues((name) => params.get(name)));
  const query: AuditQueryInput = parsed.success ? parsed.data : { limit: AUDIT_PAGE_SIZE };
  const filters = { action: query.action ?? "", actor: query.actor ?? "" };
  return { user: session.user, filters, ...(await services.audit.list(query)) };
}

/** The same moment for every reader and on both sides of hydration: UTC, to the second. */

type Filters = { action: string; actor: string };

function pageLink(filters: Filters, cursor: { before?: number; after?: number }): string {
  const params = new URLSearchParams();
  if (filters.action) params.set("action", filters.action);
  if (filters.actor) params.set("actor", filters.actor);
  if (cursor.before) params.set("before", String(cursor.before));
  if (cursor.after) params.set("after", String(cursor.after));
  return `?${params.toString()}`;
}

const input =
  "mt-1 block min-h-10 w-48 rounded-md border border-slate-400 px-2 dark:border-slate-500 dark:bg-slate-900";
const button =
  "inline-flex min-h-10 cursor-pointer items-center rounded-md border border-slate-400 px-3 " +
  "font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800";
const cell = cellClass("top");

/** A GET form, so filtering works without JavaScript and a filtered page can be linked. */
function FilterForm({ filters }: { filters: Filters }) {
  const { t } = useStaffText();
  return (
    <form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label={t("audit.filterLabel")}>
      <label className="text-sm font-medium">
        {t("audit.action")}
        <input name="action" defaultValue={filters.action} placeholder="sign-in.failed" className={input} />
      </label>
      <label className="text-sm font-medium">
        {t("audit.who")}
        <input
          name="actor"
          defaultValue={filters.actor}
          placeholder={t("audit.usernamePlaceholder")}
          className={input}
        />
      </label>
      <button type="submit" className={button}>
        {t("audit.filter")}
      </button>
      {filters.action || filters.actor ? (
        <Link to="?" className="min-h-10 py-2 text-sm underline">
          {t("audit.showAll")}
        </Link>
      ) : null}
    </form>
  );
}

/** What the entry's detail says, as short text: its JSON keys and values. */
function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("; ");
}

/** The audit trail: who did what, when and from where, newest first (owners only). */
export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { events, filters, older, newer } = loaderData;
  const { t } = useStaffText();
  const title = t("audit.title");
  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: title })}</title>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <BackToDashboard />
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("audit.intro")}</p>
        <FilterForm filters={filters} />
        <ScrollTable
          label={title}
          align="top"
          className="mt-4"
          headings={(
            ["audit.when", "audit.who", "audit.from", "audit.what", "audit.target", "audit.detail"] as const
          ).map((key) => t(key))}
        >
          {events.length === 0 ? (
            <tr>
              <td colSpan={6} className={cell}>
                {t("audit.none")}
              </td>
            </tr>
          ) : null}
          {events.map((event) => (
            <tr key={event.id}>
              <td className={`${cell} whitespace-nowrap`}>
                <When at={event.at} seconds stacked />
              </td>
              <td className={cell}>{event.actor ?? t("audit.notSignedIn")}</td>
              <td className={`${cell} font-mono`} title={event.source ?? undefined}>
                {event.source ? event.source.slice(0, 8) : "–"}
              </td>
              <td className={`${cell} font-mono`}>{event.action}</td>
              <td className={`${cell} break-words`}>{event.target ?? ""}</td>
              <td className={`${cell} break-words`}>{detailText(event.detail)}</td>
            </tr>
          ))}
        </ScrollTable>
        <nav aria-label={t("audit.pages")} className="mt-4 flex gap-4">
          {newer ? <Link to={pageLink(filters, { after: newer })}>{t("audit.newer")}</Link> : null}
          {older ? <Link to={pageLink(filters, { before: older })}>{t("audit.older")}</Link> : null}
        </nav>
      </main>
    </RouteGuard>
  );
}
