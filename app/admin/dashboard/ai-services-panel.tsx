// AI Services Health: a card per service with its status, score,
// response time, model and speed, the first 3 models and "+N more".
import { formatDuration } from "#shared/monitor/format.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { Figures, StatusBadge } from "./badges.tsx";
import type { AiData } from "./dashboard.server.ts";
import { Panel, useAgo } from "./panel.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

export const AI_MODELS_SHOWN = 3;

export function AiServicesPanel({ polled }: { polled: Polled<AiData> }) {
  const now = useNow();
  const ago = useAgo();
  const { t } = useStaffText();
  return (
    <Panel
      id="ai"
      title={t("panels.ai.title")}
      polled={polled}
      retryLabel={t("panels.tryAgain")}
      sampledAt={(data) => data.sampledAt}
      intervalSeconds={polled.data?.intervalSeconds}
    >
      {(data) => (
        <>
          <p className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="flex items-center gap-2">
              {t("panels.ai.overall")} <StatusBadge status={data.overallStatus} />
            </span>
            <span>
              {t("panels.ai.counts", {
                healthy: data.summary.healthyServices,
                degraded: data.summary.degradedServices,
                unhealthy: data.summary.unhealthyServices,
                total: data.summary.totalServices,
              })}
            </span>
            <span>{t("panels.ai.average", { time: formatDuration(data.summary.averageResponseTime) })}</span>
          </p>
          {data.services.length === 0 ? <p className="text-sm">{t("panels.ai.none")}</p> : null}
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.services.map((service) => {
              const models = service.details.models;
              return (
                <article
                  key={service.service}
                  data-ai-service={service.service}
                  className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
                >
                  <header className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold">{service.service}</h3>
                    <StatusBadge status={service.status} />
                  </header>
                  <Figures
                    items={[
                      [t("panels.ai.health"), `${service.healthScore}/100`],
                      [t("panels.ai.response"), formatDuration(service.responseTime)],
                      [t("panels.ai.tokens"), service.details.tokensPerSec ?? "–"],
                    ]}
                  />
                  {service.details.model ? (
                    <p className="mt-2 text-sm">{t("panels.ai.model", { model: service.details.model })}</p>
                  ) : null}
                  {models.length > 0 ? (
                    <p className="mt-1 text-sm">
                      {t("panels.ai.models", { models: models.slice(0, AI_MODELS_SHOWN).join(", ") })}
                      {models.length > AI_MODELS_SHOWN ? (
                        <span className="font-semibold">
                          {" "}
                          {t("panels.ai.moreModels", { n: models.length - AI_MODELS_SHOWN })}
                        </span>
                      ) : null}
                    </p>
                  ) : null}
                  {service.details.error ? (
                    <p className="mt-1 text-sm break-words text-red-800 dark:text-red-300">{service.details.error}</p>
                  ) : null}
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    {t("panels.ai.checked", { ago: ago(service.lastChecked, now) })}
                  </p>
                </article>
              );
            })}
          </div>
        </>
      )}
    </Panel>
  );
}
