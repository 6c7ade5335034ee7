// The response-time chart's data as a table, for the keyboard and screen
// readers (the chart itself is a picture): per host, an hour (24 h), six
// hours (7 d) or a day in the company's zone (30 d), newest first.
import { useContext } from "react";
import { formatDuration } from "#shared/monitor/format.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { CompanyTimeZone } from "#app/admin/when.tsx";
import { formatPointTime, tableRows, type History } from "./chart-data.ts";

const th = "py-2 pr-2 font-semibold";
const td = "py-1.5 pr-2 align-top";

export function ChartTable({ history, label }: { history: History; label: string }) {
  const timeZone = useContext(CompanyTimeZone);
  const rows = tableRows(history, timeZone);
  const { lang, t } = useStaffText();
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-3 max-h-80 overflow-y-auto rounded-md border border-slate-200 px-2 dark:border-slate-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 bg-white dark:bg-slate-900">
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className={th}>
              {t("panels.chart.time")}
            </th>
            <th scope="col" className={th}>
              {t("panels.chart.host")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("panels.chart.mean")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              p95
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("panels.chart.failedColumn")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className={td}>
                {t("panels.metrics.noChecks")}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.from}-${row.host}`} className="border-b border-slate-100 dark:border-slate-800">
                <td className={td}>{formatPointTime(row.from, history.range, lang, { timeZone })}</td>
                <td className={`${td} break-words`}>{row.host}</td>
                <td className={`${td} text-right tabular-nums`}>{formatDuration(row.meanMs)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatDuration(row.p95Ms)}</td>
                <td
                  className={
                    `${td} text-right tabular-nums ` +
                    `${row.failures > 0 ? "font-semibold text-red-800 dark:text-red-300" : ""}`
                  }
                >
                  {t("panels.chart.ofFailed", { failed: row.failures, checks: row.checks })}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
