import type { Permission } from "#shared/auth/permissions.ts";
import { Link } from "react-router";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { formatSpan } from "#shared/monitor/format.ts";
import { Badge, StatusBadge, type Tone } from "#app/admin/dashboard/badges.tsx";
import { StatusUpdateForm } from "#app/admin/alerts/status-update-form.tsx";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { When } from "#app/admin/when.tsx";
import { StaffRole, useMay } from "#app/admin/staff-role.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
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

export function meta() {
  return [{ title: "Incidents" }];
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

function Resolution({ incident }: { incident: Incident }) {
  if (incident.test) return <Badge tone="blue">test</Badge>;
  if (!incident.resolvedAt) return <Badge tone="red">Open</Badge>;
  const words: Record<string, string> = {
    healthy: "healthy again",
    degraded: "no longer unhealthy (degraded)",
    removed: "no longer monitored",
  };
  return (
    <span className="flex flex-col gap-0.5">
      <span className="whitespace-nowrap">
        Resolved at <When at={incident.resolvedAt} seconds stacked />
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        {words[incident.resolution ?? ""] ?? incident.resolution}
      </span>
    </span>
  );
}

/** Each notice on one line: its kind and time, then every channel it went to with its delivery. */
function Notices({ incident }: { incident: Incident }) {
  if (incident.notices.length === 0) {
    const why = incident.suppressedAt ? (
      <>
        held back by maintenance (<When at={incident.suppressedAt} seconds />)
      </>
    ) : incident.acknowledgedAt && !incident.announced ? (
      "acknowledged before it was told"
    ) : (
      "not told (cooldown, or resolved before it was)"
    );
    return <span className="text-xs text-slate-600 dark:text-slate-300">None: {why}</span>;
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
                {notice.delivery !== "sent" && notice.attempts > 0 ? ` (${notice.attempts} tries)` : ""}
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
  return (
    <RouteGuard>
      <StaffRole.Provider value={user.role}>
        <main className="mx-auto max-w-7xl px-4 py-6">
          <BackToDashboard />
          <h1 className="mt-4 text-2xl font-bold">Incidents</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {total} {state ?? ""} incidents, newest first. An incident opens after its failure threshold and resolves
            after its success threshold; each notice is listed per channel with its delivery.
          </p>
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
  return (
    <nav aria-label="Filter" className="mt-3 flex flex-wrap gap-2 text-sm">
      {[null, ...STATES].map((value) => (
        <Link
          key={value ?? "all"}
          to={stateQuery(value)}
          aria-current={state === value ? "page" : undefined}
          className={`${pageLink} aria-[current=page]:bg-slate-200 dark:aria-[current=page]:bg-slate-700`}
        >
          {value === null ? "All" : value === "open" ? "Open" : "Resolved"}
        </Link>
      ))}
    </nav>
  );
}

function IncidentTable({ incidents, page, pages }: { incidents: Incident[]; page: number; pages: number }) {
  return (
    <div
      className={
        "mt-4 overflow-x-auto rounded-lg border border-slate-200 " + "bg-white dark:border-slate-700 dark:bg-slate-900"
      }
      tabIndex={0}
      role="region"
      aria-label="Incidents (scrolls)"
    >
      <table className="w-full text-left text-sm md:min-w-[64rem]">
        <caption className="sr-only">
          Incidents, page {page} of {pages}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 max-md:sr-only dark:border-slate-700">
            <th scope="col" className="p-2">
              Target
            </th>
            <th scope="col" className="p-2">
              Severity
            </th>
            <th scope="col" className="p-2">
              Opened
            </th>
            <th scope="col" className="p-2">
              Acknowledged
            </th>
            <th scope="col" className="p-2">
              State
            </th>
            <th scope="col" className="p-2">
              Duration
            </th>
            <th scope="col" className="p-2 min-w-56">
              Notices
            </th>
          </tr>
        </thead>
        <tbody>
          {incidents.map((incident) => (
            <IncidentRow key={incident.id} incident={incident} />
          ))}
          {incidents.length === 0 ? (
            <tr>
              <td colSpan={7} className="p-4 text-center">
                No incidents yet.
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
  return (
    <tr
      data-incident={incident.id}
      className="border-b border-slate-100 align-top max-md:block max-md:py-2 dark:border-slate-800"
    >
      <td data-label="Target" className={`p-2 ${stacked}`}>
        <span className="font-semibold">{incident.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {incident.source} ·{" "}
          {incident.test ? incident.summary : [incident.summary, incident.message].filter(Boolean).join(": ")}
        </span>
        {incident.publicStatus && mayPost ? <StatusUpdateForm incidentId={incident.id} /> : null}
      </td>
      <td data-label="Severity" className={`p-2 ${stacked}`}>
        {incident.test ? <Badge tone="blue">TEST</Badge> : <StatusBadge status={incident.severity} />}
      </td>
      <td data-label="Opened" className={`p-2 whitespace-nowrap ${stacked}`}>
        <When at={incident.openedAt} seconds stacked />
      </td>
      <td data-label="Acknowledged" className={`p-2 ${stacked}`}>
        <Acknowledgement incident={incident} />
      </td>
      <td data-label="State" className={`p-2 ${stacked}`}>
        <Resolution incident={incident} />
      </td>
      <td data-label="Duration" className={`p-2 whitespace-nowrap ${stacked}`}>
        {incident.test ? "–" : formatSpan(incident.durationMs)}
      </td>
      <td data-label="Notices" className={`p-2 ${stacked}`}>
        <Notices incident={incident} />
      </td>
    </tr>
  );
}

function Acknowledgement({ incident }: { incident: Incident }) {
  if (!incident.acknowledgedAt) return "–";
  return (
    <span className="flex flex-col gap-0.5">
      <span>
        <span className="whitespace-nowrap">
          <When at={incident.acknowledgedAt} seconds stacked />
        </span>{" "}
        by <span className="whitespace-nowrap">{incident.acknowledgedBy}</span>
      </span>
      {incident.acknowledgementNote ? (
        <span className="text-xs text-slate-600 dark:text-slate-300">“{incident.acknowledgementNote}”</span>
      ) : null}
    </span>
  );
}

function Pages({ state, page, pages }: { state: State | null; page: number; pages: number }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
      {page > 1 ? (
        <Link className={pageLink} to={pageQuery(state, page - 1)}>
          Previous
        </Link>
      ) : null}
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={pageLink} to={pageQuery(state, page + 1)}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
