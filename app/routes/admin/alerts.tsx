import type { Permission } from "#shared/auth/permissions.ts";
import { Link } from "react-router";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { formatSpan } from "#shared/monitor/format.ts";
import { Badge, StatusBadge, type Tone } from "#app/admin/dashboard/badges.tsx";
import { StatusUpdateForm } from "#app/admin/alerts/status-update-form.tsx";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { When } from "#app/admin/when.tsx";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { StaffRole, useMay } from "#app/admin/staff-role.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import type { Route } from "./+types/alerts";

const STATES = ["open", "resolved"] as const;

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "dashboard:read";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await requirePermission(request, context, permission);
  const params = new URL(request.url).searchParams;
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(requested) && requested >= 1 ? Math.min(requested, 100_000) : 1;
  const state = STATES.find((entry) => entry === params.get("state"));
  const user = session.user;
  if (!services.alerting) return { user, incidents: [], total: 0, page: 1, pages: 1, state: state ?? null };
  const history = await services.alerting.incidents.history({ page, state });
  // Staff may tell the public about an incident of a public service (not a test).
  const told = (incident: (typeof history.incidents)[number]) =>
    incident.source === "service" && !incident.test && !!services.status?.isPublic(incident.serviceId);
  return {
    user,
    ...history,
    incidents: history.incidents.map((incident) => ({ ...incident, publicStatus: told(incident) })),
    state: state ?? null,
  };
}

type Incident = Route.ComponentProps["loaderData"]["incidents"][number];

/** On a phone each row is a card: its cells stack, each after its column's name. */
const stacked =
  "max-md:block max-md:px-3 max-md:py-1 max-md:before:mr-1 " +
  "max-md:before:font-semibold max-md:before:content-[attr(data-label)]";
const pageLink =
  "inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 " +
  "font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800";
const DELIVERY_TONES: Record<string, Tone> = { sent: "green", pending: "amber", failed: "red", purged: "slate" };

const RESOLUTIONS = {
  healthy: "alerts.healthyAgain",
  degraded: "alerts.noLongerUnhealthy",
  removed: "alerts.removed",
} as const satisfies Record<string, StaffKey>;
const isResolution = (value: string | null): value is keyof typeof RESOLUTIONS =>
  value !== null && Object.hasOwn(RESOLUTIONS, value);

function Resolution({ incident }: { incident: Incident }) {
  const { t } = useStaffText();
  if (incident.test) return <Badge tone="blue">{t("alerts.test")}</Badge>;
  if (!incident.resolvedAt) return <Badge tone="red">{t("alerts.open")}</Badge>;
  const { resolution } = incident;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="whitespace-nowrap">
        <Interpolated
          text={t("alerts.resolvedAtTime")}
          slots={{ "{at}": <When at={incident.resolvedAt} seconds stacked /> }}
        />
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        {isResolution(resolution) ? t(RESOLUTIONS[resolution]) : resolution}
      </span>
    </span>
  );
}

/** Each notice on one line: its kind and time, then every channel it went to with its delivery. */
function Notices({ incident }: { incident: Incident }) {
  const { t } = useStaffText();
  if (incident.notices.length === 0) {
    const why = incident.suppressedAt ? (
      <Interpolated text={t("alerts.heldBack")} slots={{ "{at}": <When at={incident.suppressedAt} seconds /> }} />
    ) : incident.acknowledgedAt && !incident.announced ? (
      t("alerts.acknowledgedFirst")
    ) : (
      t("alerts.notTold")
    );
    return (
      <span className="text-xs text-slate-600 dark:text-slate-300">
        <Interpolated text={t("alerts.none")} slots={{ "{why}": why }} />
      </span>
    );
  }
  const told = new Map<string, Incident["notices"]>();
  for (const notice of incident.notices)
    told.set(`${notice.kind}@${notice.at}`, [...(told.get(`${notice.kind}@${notice.at}`) ?? []), notice]);
  return (
    <ul className="space-y-1.5">
      {[...told.values()].map((notices) => (
        <li key={`${notices[0]!.kind}@${notices[0]!.at}`} className="text-xs">
          <span className="font-semibold">{notices[0]!.kind}</span>{" "}
          <span className="text-slate-600 dark:text-slate-300">
            <When at={notices[0]!.at} style="time" seconds />
          </span>
          <span className="mt-0.5 flex flex-wrap gap-1">
            {notices.map((notice) => (
              <Badge
                key={notice.channel}
                tone={DELIVERY_TONES[notice.delivery] ?? "slate"}
                title={notice.lastError ?? undefined}
              >
                {notice.channel}: {notice.delivery}
                {notice.delivery !== "sent" && notice.attempts > 0
                  ? ` ${t("alerts.tries", { n: notice.attempts })}`
                  : ""}
              </Badge>
            ))}
          </span>
          {notices
            .filter((notice) => notice.delivery !== "sent" && notice.lastError)
            .map((notice) => (
              <span key={notice.channel} className="block break-words text-red-800 dark:text-red-300">
                {notice.channel}: {notice.lastError}
              </span>
            ))}
        </li>
      ))}
    </ul>
  );
}

export default function AlertsPage({ loaderData }: Route.ComponentProps) {
  const { user, incidents, total, page, pages, state } = loaderData;
  const { t } = useStaffText();
  const count = state === "open" ? "alerts.countOpen" : state === "resolved" ? "alerts.countResolved" : "alerts.count";
  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: t("alerts.title") })}</title>
      <StaffRole.Provider value={user.role}>
        <main className="mx-auto max-w-7xl px-4 py-6">
          <BackToDashboard />
          <h1 className="mt-4 text-2xl font-bold">{t("alerts.title")}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(count, { n: total })}</p>
          <StateFilter state={state} />
          <IncidentTable incidents={incidents} page={page} pages={pages} />
          {pages > 1 ? <Pages state={state} page={page} pages={pages} /> : null}
        </main>
      </StaffRole.Provider>
    </RouteGuard>
  );
}

type State = (typeof STATES)[number];
const stateQuery = (value: string | null) => (value ? `?state=${value}` : "?");
const pageQuery = (state: State | null, target: number) => `${stateQuery(state)}${state ? "&" : ""}page=${target}`;

function StateFilter({ state }: { state: State | null }) {
  const { t } = useStaffText();
  return (
    <nav aria-label={t("alerts.filter")} className="mt-3 flex flex-wrap gap-2 text-sm">
      {[null, ...STATES].map((value) => (
        <Link
          key={value ?? "all"}
          to={stateQuery(value)}
          aria-current={state === value ? "page" : undefined}
          className={`${pageLink} aria-[current=page]:bg-slate-200 dark:aria-[current=page]:bg-slate-700`}
        >
          {t(value === null ? "alerts.all" : value === "open" ? "alerts.open" : "alerts.resolved")}
        </Link>
      ))}
    </nav>
  );
}

const COLUMNS = [
  "alerts.target",
  "alerts.severity",
  "alerts.opened",
  "alerts.acknowledged",
  "alerts.state",
  "alerts.duration",
  "alerts.notices",
] as const;

function IncidentTable({ incidents, page, pages }: { incidents: Incident[]; page: number; pages: number }) {
  const { t } = useStaffText();
  return (
    <div
      className={
        "mt-4 overflow-x-auto rounded-lg border border-slate-200 " + "bg-white dark:border-slate-700 dark:bg-slate-900"
      }
      tabIndex={0}
      role="region"
      aria-label={t("table.scrolls", { label: t("alerts.title") })}
    >
      <table className="w-full text-left text-sm md:min-w-[64rem]">
        <caption className="sr-only">{t("alerts.caption", { page, pages })}</caption>
        <thead>
          <tr className="border-b border-slate-200 max-md:sr-only dark:border-slate-700">
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className={key === "alerts.notices" ? "p-2 min-w-56" : "p-2"}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {incidents.map((incident) => (
            <IncidentRow key={incident.id} incident={incident} />
          ))}
          {incidents.length === 0 ? (
            <tr>
              <td colSpan={7} className="p-4 text-center">
                {t("alerts.noIncidents")}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function IncidentRow({ incident }: { incident: Incident }) {
  const mayPost = useMay("status-updates:post");
  const { lang, t } = useStaffText();
  return (
    <tr
      data-incident={incident.id}
      className="border-b border-slate-100 align-top max-md:block max-md:py-2 dark:border-slate-800"
    >
      <td data-label={t("alerts.target")} className={`p-2 ${stacked}`}>
        <span className="font-semibold">{incident.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {incident.source} ·{" "}
          {incident.test ? incident.summary : [incident.summary, incident.message].filter(Boolean).join(": ")}
        </span>
        {incident.publicStatus && mayPost ? <StatusUpdateForm incidentId={incident.id} /> : null}
      </td>
      <td data-label={t("alerts.severity")} className={`p-2 ${stacked}`}>
        {incident.test ? <Badge tone="blue">TEST</Badge> : <StatusBadge status={incident.severity} />}
      </td>
      <td data-label={t("alerts.opened")} className={`p-2 whitespace-nowrap ${stacked}`}>
        <When at={incident.openedAt} seconds stacked />
      </td>
      <td data-label={t("alerts.acknowledged")} className={`p-2 ${stacked}`}>
        <Acknowledgement incident={incident} />
      </td>
      <td data-label={t("alerts.state")} className={`p-2 ${stacked}`}>
        <Resolution incident={incident} />
      </td>
      <td data-label={t("alerts.duration")} className={`p-2 whitespace-nowrap ${stacked}`}>
        {incident.test ? "–" : formatSpan(incident.durationMs, lang)}
      </td>
      <td data-label={t("alerts.notices")} className={`p-2 ${stacked}`}>
        <Notices incident={incident} />
      </td>
    </tr>
  );
}

function Acknowledgement({ incident }: { incident: Incident }) {
  const { t } = useStaffText();
  if (!incident.acknowledgedAt) return "–";
  return (
    <span className="flex flex-col gap-0.5">
      <span>
        <Interpolated
          text={t("alerts.acknowledgedBy")}
          slots={{
            "{at}": (
              <span className="whitespace-nowrap">
                <When at={incident.acknowledgedAt} seconds stacked />
              </span>
            ),
            "{by}": <span className="whitespace-nowrap">{incident.acknowledgedBy}</span>,
          }}
        />
      </span>
      {incident.acknowledgementNote ? (
        <span className="text-xs text-slate-600 dark:text-slate-300">“{incident.acknowledgementNote}”</span>
      ) : null}
    </span>
  );
}

function Pages({ state, page, pages }: { state: State | null; page: number; pages: number }) {
  const { t } = useStaffText();
  return (
    <nav aria-label={t("common.pages")} className="mt-4 flex items-center gap-3">
      {page > 1 ? (
        <Link className={pageLink} to={pageQuery(state, page - 1)}>
          {t("common.previous")}
        </Link>
      ) : null}
      <span className="text-sm">{t("common.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link className={pageLink} to={pageQuery(state, page + 1)}>
          {t("common.next")}
        </Link>
      ) : null}
    </nav>
  );
}
