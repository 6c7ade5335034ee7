// SSL certificates: the summary counts and a table with a Check and a Renew
// action per certificate (on a phone, a card per certificate, status first).
import { type ReactNode, useState } from "react";
import type { Language } from "#shared/i18n/languages.ts";
import { showToast } from "#app/components/toast.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { StatusBadge } from "./badges.tsx";
import type { CertificatesData } from "./dashboard.server.ts";
import { useMay } from "#app/admin/staff-role.tsx";
import { Panel, smallButton } from "./panel.tsx";
import { Domain, PhoneCard, PhoneCards, SHOWN } from "./phone-cards.tsx";
import { postJson } from "./staff-api.ts";
import type { Polled } from "./use-panel-query.ts";

const date = (iso: string | null, lang: Language) =>
  iso
    ? new Date(iso).toLocaleDateString(lang === "de" ? "de-DE" : "en-GB", {
        day: "2-digit",
        month: "short",
        year: "numeric",
      })
    : "–";
type Certificate = CertificatesData["certificates"][number];
const address = (cert: Certificate) => (cert.port === 443 ? cert.serverIP : `${cert.serverIP}:${cert.port}`);

export function CertificatesPanel({ polled }: { polled: Polled<CertificatesData> }) {
  const { busy, act } = useCertificateAction(polled);
  const actions = (cert: Certificate) => <CertificateActions cert={cert} disabled={busy !== null} act={act} />;
  const { t } = useStaffText();

  return (
    <Panel
      id="certificates"
      title={t("panels.certificates.title")}
      polled={polled}
      sampledAt={(data) => data.lastUpdated}
      intervalSeconds={polled.data?.intervalSeconds}
    >
      {(data) => (
        <>
          <CertificateCounts data={data} />
          <CertificateTable certificates={data.certificates} actions={actions} />
          <CertificateCards certificates={data.certificates} actions={actions} />
        </>
      )}
    </Panel>
  );
}

type Act = (kind: "check" | "renew", domain: string, serverIP: string) => Promise<void>;
type Actions = (cert: Certificate) => ReactNode;

/** Checks or renews one certificate, says how it went, then reads the panel again; `busy` names the one under way. */
function useCertificateAction(polled: Polled<CertificatesData>) {
  const [busy, setBusy] = useState<string | null>(null);
  const { t } = useStaffText();

  const act: Act = async (kind, domain, serverIP) => {
    setBusy(`${kind}:${domain}@${serverIP}`);
    const result = await postJson<{ success?: boolean; message?: string; error?: string }>(
      `/api/admin/certificates/${kind}`,
      kind === "check" ? { domain } : { domain, serverIP },
    );
    setBusy(null);
    if (kind === "renew") {
      const message = result.body?.message ?? t("panels.certificates.renewalFailed");
      showToast({
        title: result.ok ? t("panels.certificates.renewal") : t("panels.certificates.renewalFailed"),
        description: message,
        variant: result.ok ? "success" : "error",
      });
    } else if (!result.ok) {
      const description = result.body?.error ?? t("panels.certificates.checkFailed", { domain });
      showToast({ title: t("panels.error"), description, variant: "error" });
    }
    await polled.refresh();
  };
  return { busy, act };
}

function CertificateActions({ cert, disabled, act }: { cert: Certificate; disabled: boolean; act: Act }) {
  const mayCheck = useMay("checks:refresh");
  const mayRenew = useMay("certificates:renew");
  const { t } = useStaffText();
  const where = { domain: cert.domain, ip: cert.serverIP };
  return (
    <>
      {mayCheck ? (
        <button
          type="button"
          className={smallButton}
          disabled={disabled}
          onClick={() => void act("check", cert.domain, cert.serverIP)}
          aria-label={t("panels.certificates.checkLabel", where)}
        >
          {t("panels.certificates.check")}
        </button>
      ) : null}
      {mayRenew && cert.renewal !== "none" ? (
        <button
          type="button"
          className={smallButton}
          disabled={disabled}
          onClick={() => void act("renew", cert.domain, cert.serverIP)}
          aria-label={t("panels.certificates.renewLabel", where)}
        >
          {t("panels.certificates.renew")}
        </button>
      ) : null}
    </>
  );
}

function CertificateCounts({ data }: { data: CertificatesData }) {
  const { t } = useStaffText();
  return (
    <p className="mb-3 flex flex-wrap gap-x-3 gap-y-2 text-sm" data-testid="certificate-counts">
      <span>{t("panels.certificates.total", { n: data.total })}</span>
      {(["healthy", "warning", "critical", "error"] as const).map((status) => (
        <span key={status} className="flex items-center gap-1.5">
          <StatusBadge status={status} /> {data[status]}
        </span>
      ))}
    </p>
  );
}

function CertificateTable({ certificates, actions }: { certificates: Certificate[]; actions: Actions }) {
  const { lang, t } = useStaffText();
  return (
    <div
      className={`max-h-[28rem] overflow-auto ${SHOWN.md.table}`}
      tabIndex={0}
      role="region"
      aria-label={t("table.scrolls", { label: t("panels.certificates.table") })}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("panels.certificates.caption")}</caption>
        <thead className="sticky top-0 bg-white dark:bg-slate-900">
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-2">
              {t("panels.certificates.domain")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("panels.certificates.server")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("panels.certificates.ip")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("panels.status")}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t("panels.certificates.days")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t("panels.certificates.expires")}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t("panels.certificates.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {certificates.map((cert) => (
            <tr
              key={`${cert.domain}@${cert.serverIP}:${cert.port}`}
              className="border-b border-slate-100 align-top dark:border-slate-800"
            >
              <th scope="row" className="py-1.5 pr-2 font-medium">
                <Domain name={cert.domain} />
                {cert.error ? (
                  <span className="block text-xs font-normal break-words text-red-800 dark:text-red-300">
                    {cert.error}
                  </span>
                ) : null}
              </th>
              <td className="py-1.5 pr-2">{cert.server}</td>
              <td className="py-1.5 pr-2 tabular-nums">{address(cert)}</td>
              <td className="py-1.5 pr-2">
                <StatusBadge status={cert.status} />
              </td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{cert.daysRemaining ?? "–"}</td>
              <td className="py-1.5 pr-2 whitespace-nowrap">{date(cert.expiryDate, lang)}</td>
              <td className="py-1.5">
                <span className="flex gap-1">{actions(cert)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: a card per certificate, status first. */
function CertificateCards({ certificates, actions }: { certificates: Certificate[]; actions: Actions }) {
  const { lang, t } = useStaffText();
  return (
    <PhoneCards label={t("panels.certificates.caption")} below="md">
      {certificates.map((cert) => (
        <PhoneCard
          key={`${cert.domain}@${cert.serverIP}:${cert.port}`}
          status={<StatusBadge status={cert.status} />}
          title={<Domain name={cert.domain} />}
          details={
            cert.error ? <p className="mt-1 text-sm break-words text-red-800 dark:text-red-300">{cert.error}</p> : null
          }
          figures={[
            [t("panels.certificates.daysLeft"), cert.daysRemaining ?? "–"],
            [t("panels.certificates.expires"), date(cert.expiryDate, lang)],
            [t("panels.certificates.server"), cert.server],
            [t("panels.certificates.ip"), address(cert)],
          ]}
          actions={actions(cert)}
        />
      ))}
    </PhoneCards>
  );
}
