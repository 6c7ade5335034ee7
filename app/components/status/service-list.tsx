// The status page's services: those without a group first, as they always
// were, then one native <details> per group, named with its worst state. A
// group with anything wrong is rendered open and an all-green one closed, in
// the prerendered HTML itself: no script decides what a visitor sees first.
import { ChevronRight } from "lucide-react";
import { isGroupOpen, type PublicGroup, type PublicIncident } from "#shared/status/public-status.ts";
import type { ServiceView, StatusView } from "./day-runs.ts";
import { ServiceStateBadge } from "./state-badge.tsx";
import { ServiceStatus } from "./service-status.tsx";

const LIST = "flex flex-col gap-6";

function ServiceGroup({
  group,
  services,
  incidents,
}: {
  group: PublicGroup;
  services: ReadonlyMap<string, ServiceView>;
  incidents: readonly PublicIncident[];
}) {
  return (
    <details
      open={isGroupOpen(group)}
      data-status-group={group.name}
      className="group rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
    >
      <summary
        className={
          "flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-2 rounded-lg p-4 " +
          "hover:bg-slate-100 dark:hover:bg-slate-900 [&::-webkit-details-marker]:hidden"
        }
      >
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
        />
        <h3 className="text-xl font-bold">{group.name}</h3> <ServiceStateBadge state={group.state} />
      </summary>
      <ul className={`${LIST} px-4 pb-4`}>
        {group.serviceIds.map((id) => (
          <ServiceStatus key={id} service={services.get(id)!} incidents={incidents} headingLevel={4} />
        ))}
      </ul>
    </details>
  );
}

export function ServiceList({ status }: { status: StatusView }) {
  const incidents = [...status.incidents.open, ...status.incidents.resolved];
  const services = new Map(status.services.map((service) => [service.id, service]));
  const ungrouped = status.services.filter((service) => service.group === null);
  return (
    <div className={`mt-6 ${LIST}`}>
      {ungrouped.length > 0 ? (
        <ul className={LIST}>
          {ungrouped.map((service) => (
            <ServiceStatus key={service.id} service={service} incidents={incidents} />
          ))}
        </ul>
      ) : null}
      {status.groups.map((group) => (
        <ServiceGroup key={group.name} group={group} services={services} incidents={incidents} />
      ))}
    </div>
  );
}
