// The uptime of a page of services over 24 h, 7 d and 30 d: a table, and on
// a phone a card per service with its status first.
import { StatusBadge } from "./badges.tsx";
import type { ServiceData } from "./dashboard.server.ts";
import { PhoneCard, PhoneCards, SHOWN } from "./phone-cards.tsx";

const percent = (value: number | null) => (value === null ? "–" : `${value.toFixed(2)}%`);

export function UptimeTable({ services }: { services: readonly ServiceData[] }) {
  return (
    <div>
      <div className={SHOWN.sm.table}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Uptime per service</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-2">
                Service
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                24 h
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                7 d
              </th>
              <th scope="col" className="py-2 text-right">
                30 d
              </th>
            </tr>
          </thead>
          <tbody>
            {services.map((service) => (
              <tr key={service.serviceId} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-2 font-medium">
                  {service.serviceName}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{percent(service.uptime24h)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{percent(service.uptime7d)}</td>
                <td className="py-1.5 text-right tabular-nums">{percent(service.uptime30d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mb-2 text-sm font-bold sm:hidden">Uptime</h3>
      <PhoneCards label="Uptime per service" below="sm">
        {services.map((service) => (
          <PhoneCard
            key={service.serviceId}
            status={<StatusBadge status={service.status} />}
            title={service.serviceName}
            figureColumns="grid-cols-3"
            figures={[
              ["24 h", percent(service.uptime24h)],
              ["7 d", percent(service.uptime7d)],
              ["30 d", percent(service.uptime30d)],
            ]}
          />
        ))}
      </PhoneCards>
    </div>
  );
}
