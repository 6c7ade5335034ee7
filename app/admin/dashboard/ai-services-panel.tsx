// AI Services Health: a card per service with its status, score,
// response time, model and speed, the first 3 models and "+N more".
import { formatAgo, formatDuration } from "#shared/monitor/format.ts";
import { Figures, StatusBadge } from "./badges.tsx";
import type { AiData } from "./dashboard.server.ts";
import { Panel } from "./panel.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

export const AI_MODELS_SHOWN = 3;

export function AiServicesPanel({ polled }: { polled: Polled<AiData> }) {
  const now = useNow();
  return (
    <Panel
      id="ai"
      title="AI Services Health"
      polled={polled}
      retryLabel="Try Again"
      sampledAt={(data) => data.sampledAt}
      intervalSeconds={polled.data?.intervalSeconds}
    >
      {(data) => (
        <>
          <p className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="flex items-center gap-2">
              Overall <StatusBadge status={data.overallStatus} />
            </span>
            <span>
              {data.summary.healthyServices} healthy, {data.summary.degradedServices} degraded,{" "}
              {data.summary.unhealthyServices} unhealthy of {data.summary.totalServices}
            </span>
            <span>Average response {formatDuration(data.summary.averageResponseTime)}</span>
          </p>
          {data.services.length === 0 ? <p className="text-sm">No AI services are reporting.</p> : null}
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
                      ["Health", `${service.healthScore}/100`],
                      ["Response", formatDuration(service.responseTime)],
                      ["Tokens/s", service.details.tokensPerSec ?? "–"],
                    ]}
                  />
                  {service.details.model ? <p className="mt-2 text-sm">Model: {service.details.model}</p> : null}
                  {models.length > 0 ? (
                    <p className="mt-1 text-sm">
                      Models: {models.slice(0, AI_MODELS_SHOWN).join(", ")}
                      {models.length > AI_MODELS_SHOWN ? (
                        <span className="font-semibold"> +{models.length - AI_MODELS_SHOWN} more</span>
                      ) : null}
                    </p>
                  ) : null}
                  {service.details.error ? (
                    <p className="mt-1 text-sm break-words text-red-800 dark:text-red-300">{service.details.error}</p>
                  ) : null}
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    Checked {formatAgo(service.lastChecked, now)}
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
