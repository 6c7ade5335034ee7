// HAProxy Stats: frontends, backends and the servers table (on a phone, a
// card each, status first). The badge shows the display status; HAProxy's
// own words ("UP 2/3", "no check") stay beside it.
import { formatBytes } from "#shared/monitor/format.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { StatusBadge } from "./badges.tsx";
import type { HaproxyData } from "./dashboard.server.ts";
import { Panel } from "./panel.tsx";
import { PhoneCard, PhoneCards, SHOWN, type Breakpoint } from "./phone-cards.tsx";
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

/** A table from the breakpoint up, the same rows as cards below it. */
function Table({
  caption,
  head,
  children,
  cards,
  below,
}: {
  caption: string;
  head: string[];
  children: React.ReactNode;
  cards: React.ReactNode;
  below: Breakpoint;
}) {
  return (
    <div>
      <h3 className={`mb-1 font-bold ${below === "md" ? "md:hidden" : "sm:hidden"}`}>{caption}</h3>
      <PhoneCards label={caption} below={below}>
        {cards}
      </PhoneCards>
      <div className={SHOWN[below].table}>
        <TableOnly caption={caption} head={head}>
          {children}
        </TableOnly>
      </div>
    </div>
  );
}

function TableOnly({ caption, head, children }: { caption: string; head: string[]; children: React.ReactNode }) {
  const { t } = useStaffText();
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("table.scrolls", { label: caption })}>
      <table className="w-full text-left text-sm">
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

const lastCheck = (server: HaproxyData["servers"][number]) =>
  [server.checkStatus, server.lastCheck].filter(Boolean).join(": ") || "–";

/** The panel's column and figure names, and its numbers, in the staff language. */
function usePanelWords() {
  const { lang, t } = useStaffText();
  return {
    t,
    number: (value: number) => value.toLocaleString(lang === "de" ? "de-DE" : "en-GB"),
    name: t("panels.haproxy.name"),
    status: t("panels.status"),
    sessions: t("panels.haproxy.sessions"),
    requests: t("panels.haproxy.requests"),
    active: t("panels.haproxy.active"),
    servers: t("panels.haproxy.servers"),
    backend: t("panels.haproxy.backend"),
    bytesIn: t("panels.haproxy.bytesIn"),
    bytesOut: t("panels.haproxy.bytesOut"),
    lastChecked: t("panels.haproxy.lastCheck"),
  };
}

export function HaproxyPanel({ polled }: { polled: Polled<HaproxyData> }) {
  const { t, number, name, status, sessions, requests, active, servers, backend, bytesIn, bytesOut, lastChecked } =
    usePanelWords();
  return (
    <Panel
      id="haproxy"
      title={t("panels.haproxy.title")}
      polled={polled}
      skeletonLines={8}
      sampledAt={(data) => data.fetchedAt}
      intervalSeconds={polled.data?.intervalSeconds}
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <Table
              caption={t("panels.haproxy.frontends")}
              head={[name, status, sessions, requests]}
              below="sm"
              cards={data.frontends.map((frontend) => (
                <PhoneCard
                  key={frontend.name}
                  status={<Status display={frontend.display} raw={frontend.status} />}
                  title={frontend.name}
                  figures={[
                    [sessions, frontend.sessions],
                    [requests, number(frontend.requests)],
                  ]}
                />
              ))}
            >
              {data.frontends.map((frontend) => (
                <tr key={frontend.name} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${td} font-medium`}>
                    {frontend.name}
                  </th>
                  <td className={td}>
                    <Status display={frontend.display} raw={frontend.status} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{frontend.sessions}</td>
                  <td className={`${td} text-right tabular-nums`}>{number(frontend.requests)}</td>
                </tr>
              ))}
            </Table>
            <Table
              caption={t("panels.haproxy.backends")}
              head={[name, status, active, servers]}
              below="sm"
              cards={data.backends.map((backend) => (
                <PhoneCard
                  key={backend.name}
                  status={<Status display={backend.display} raw={backend.status} />}
                  title={backend.name}
                  figures={[
                    [active, backend.activeServers],
                    [servers, backend.servers],
                  ]}
                />
              ))}
            >
              {data.backends.map((backend) => (
                <tr key={backend.name} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${td} font-medium`}>
                    {backend.name}
                  </th>
                  <td className={td}>
                    <Status display={backend.display} raw={backend.status} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{backend.activeServers}</td>
                  <td className={`${td} text-right tabular-nums`}>{backend.servers}</td>
                </tr>
              ))}
            </Table>
          </div>
          <Table
            caption={servers}
            head={[name, status, backend, sessions, bytesIn, bytesOut, lastChecked]}
            below="md"
            cards={data.servers.map((server) => (
              <PhoneCard
                key={`${server.backend}/${server.name}`}
                data={{ "data-server": server.name }}
                status={<Status display={server.display} raw={server.status} />}
                title={server.name}
                figures={[
                  [backend, server.backend],
                  [sessions, server.sessions],
                  [bytesIn, formatBytes(server.bytesIn)],
                  [bytesOut, formatBytes(server.bytesOut)],
                  [lastChecked, lastCheck(server)],
                ]}
              />
            ))}
          >
            {data.servers.map((server) => (
              <tr
                key={`${server.backend}/${server.name}`}
                data-server={server.name}
                className="border-b border-slate-100 dark:border-slate-800"
              >
                <th scope="row" className={`${td} font-medium`}>
                  {server.name}
                </th>
                <td className={td}>
                  <Status display={server.display} raw={server.status} />
                </td>
                <td className={`${td} text-right`}>{server.backend}</td>
                <td className={`${td} text-right tabular-nums`}>{server.sessions}</td>
                <td className={`${td} text-right tabular-nums`}>{formatBytes(server.bytesIn)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatBytes(server.bytesOut)}</td>
                <td className={`${td} text-right`}>{lastCheck(server)}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </Panel>
  );
}
