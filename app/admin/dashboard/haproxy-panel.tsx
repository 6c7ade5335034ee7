// HAProxy Stats: frontends, backends and the servers table. The badge shows
// the display status; HAProxy's own words ("UP 2/3", "no check") stay beside it.
import { formatBytes } from "#shared/monitor/format.ts";
import { StatusBadge } from "./badges.tsx";
import type { HaproxyData } from "./dashboard.server.ts";
import { Panel } from "./panel.tsx";
import type { Polled } from "./use-panel-query.ts";

const th = "py-2 pr-3";
const td = "py-1.5 pr-3";

function Status({ display, raw }: { display: string; raw: string }) {
  return (
    <span className="flex items-center gap-2">
      <StatusBadge status={display} />
      {raw.toUpperCase() !== display ? <span className="text-xs text-slate-600 dark:text-slate-300">{raw}</span> : null}
    </span>
  );
}

function Table({ caption, head, children, minWidth }: { caption: string; head: string[]; children: React.ReactNode; minWidth: string }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption} (scrolls)`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="mb-1 text-left font-bold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {head.map((label, index) => (
              <th key={label} scope="col" className={`${th} ${index > 1 ? "text-right" : ""}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function HaproxyPanel({ polled }: { polled: Polled<HaproxyData> }) {
  return (
    <Panel id="haproxy" title="HAProxy Stats" polled={polled} skeletonLines={8} sampledAt={(data) => data.fetchedAt} intervalSeconds={polled.data?.intervalSeconds}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <Table caption="Frontends" head={["Name", "Status", "Sessions", "Requests"]} minWidth="min-w-[22rem]">
              {data.frontends.map((frontend) => (
                <tr key={frontend.name} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${td} font-medium`}>{frontend.name}</th>
                  <td className={td}><Status display={frontend.display} raw={frontend.status} /></td>
                  <td className={`${td} text-right tabular-nums`}>{frontend.sessions}</td>
                  <td className={`${td} text-right tabular-nums`}>{frontend.requests.toLocaleString("en")}</td>
                </tr>
              ))}
            </Table>
            <Table caption="Backends" head={["Name", "Status", "Active", "Servers"]} minWidth="min-w-[22rem]">
              {data.backends.map((backend) => (
                <tr key={backend.name} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${td} font-medium`}>{backend.name}</th>
                  <td className={td}><Status display={backend.display} raw={backend.status} /></td>
                  <td className={`${td} text-right tabular-nums`}>{backend.activeServers}</td>
                  <td className={`${td} text-right tabular-nums`}>{backend.servers}</td>
                </tr>
              ))}
            </Table>
          </div>
          <Table caption="Servers" head={["Name", "Status", "Backend", "Sessions", "Bytes in", "Bytes out", "Last check"]} minWidth="min-w-[44rem]">
            {data.servers.map((server) => (
              <tr key={`${server.backend}/${server.name}`} data-server={server.name} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className={`${td} font-medium`}>{server.name}</th>
                <td className={td}><Status display={server.display} raw={server.status} /></td>
                <td className={`${td} text-right`}>{server.backend}</td>
                <td className={`${td} text-right tabular-nums`}>{server.sessions}</td>
                <td className={`${td} text-right tabular-nums`}>{formatBytes(server.bytesIn)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatBytes(server.bytesOut)}</td>
                <td className={`${td} text-right`}>{[server.checkStatus, server.lastCheck].filter(Boolean).join(": ") || "–"}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </Panel>
  );
}
