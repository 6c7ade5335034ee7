// The uptime of a page of services over 24 h, 7 d and 30 d: a table, and on
// a phone a card per service with its status first. Each figure says how
// much of its window was measured ("measured 15 min of 30 d"), "–" for none.
import { useStaffText } from "#app/admin/staff-language.tsx";
import { measuredNote, WINDOW_SECONDS } from "#shared/monitor/measured.ts";
import { StatusBadge } from "./badges.tsx";
import type { ServiceData } from "./dashboard.server.ts";
import { PhoneCard, PhoneCards, SHOWN } from "./phone-cards.tsx";

type Window = "h24" | "d7" | "d30";
const FIGURES = { h24: "uptime24h", d7: "uptime7d", d30: "uptime30d" } as const;

/** The share, and under it how much of the window it covers while that is not all of it. */
function Uptime({ service, window }: { service: ServiceData; window: Window }) {
  const { t, lang } = useStaffText();
  const value = service[FIGURES[window]];
  const measured = service.uptimeMeasuredSeconds[window];
  if (value === null || measured === 0) return <span title={t("services.uptime.none")}>–</span>;
  const note = measuredNote(measured, WINDOW_SECONDS[window], lang);
  // German sets the percent sign apart and writes a decimal comma: "99,95 %".
  const share = lang === "de" ? `${value.toFixed(2).replace(".", ",")}\u00a0%` : `${value.toFixed(2)}%`;
  return (
    <span className="inline-flex flex-col">
      <span>{share}</span>
      {note ? <span className="text-xs font-normal text-slate-600 dark:text-slate-300">{note}</span> : null}
    </span>
  );
}

export function UptimeTable({ services }: { services: readonly ServiceData[] }) {
  const { t } = useStaffText();
  return (
    <div>
      <div className={SHOWN.sm.table}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("services.uptime.caption")}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-2">
                {t("services.uptime.service")}
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                {t("services.uptime.h24")}
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                {t("services.uptime.d7")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("services.uptime.d30")}
              </th>
            </tr>
          </thead>
          <tbody>
            {services.map((service) => (
              <tr key={service.serviceId} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-2 font-medium">
                  {service.serviceName}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">
                  <Uptime service={service} window="h24" />
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">
                  <Uptime service={service} window="d7" />
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  <Uptime service={service} window="d30" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mb-2 text-sm font-bold sm:hidden">{t("services.uptime.heading")}</h3>
      <PhoneCards label={t("services.uptime.caption")} below="sm">
        {services.map((service) => (
          <PhoneCard
            key={service.serviceId}
            status={<StatusBadge status={service.status} />}
            title={service.serviceName}
            figureColumns="grid-cols-3"
            figures={[
              [t("services.uptime.h24"), <Uptime key="h24" service={service} window="h24" />],
              [t("services.uptime.d7"), <Uptime key="d7" service={service} window="d7" />],
              [t("services.uptime.d30"), <Uptime key="d30" service={service} window="d30" />],
            ]}
          />
        ))}
      </PhoneCards>
    </div>
  );
}
