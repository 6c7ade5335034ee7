import { data } from "react-router";
import { Island } from "#app/islands/island.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { IncidentList } from "#app/components/status/incident-list.tsx";
import { MaintenanceList } from "#app/components/status/maintenance-list.tsx";
import { statusView } from "#app/components/status/day-runs.ts";
import { ServiceList } from "#app/components/status/service-list.tsx";
import { StatusBanner } from "#app/components/status/status-banner.tsx";
import { SubscribeForm } from "#app/components/status/subscribe-form.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import { statusFeedPath } from "#shared/status/public-status.ts";
import type { Route } from "./+types/status";
import { loadPublicStatus } from "./status.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const status = await loadPublicStatus(context);
  const lang = requestLanguage(request);
  // Without monitoring there is no status to show: the page says so rather than pretend. The days go to the render
  // as runs: what React Router serializes of the loader's answer is then a few hundred runs, not 90 days a service.
  return data(
    { lang, messages: pickMessages(lang, ["status", "subscribe"]), status: status && statusView(status) },
    { status: status ? 200 : 503 },
  );
}

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  const { t, lang, href, messages } = useLanguage();
  const { status } = loaderData;
  return (
    <>
      <PageMeta title={t("status.metaTitle")} description={t("status.metaDescription")} />
      <link rel="alternate" type="application/rss+xml" title={t("status.feedTitle")} href={statusFeedPath(lang)} />
      <PageHeader heading={t("status.heading")} intro={t("status.intro")}>
        {status ? (
          <StatusBanner overall={status.overall} generatedAt={status.generatedAt} timeZone={status.timeZone} />
        ) : null}
      </PageHeader>
      {status ? (
        <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
          <IncidentList
            id="status-open"
            heading={t("status.openHeading")}
            empty={t("status.noOpen")}
            incidents={status.incidents.open}
            services={status.services}
            timeZone={status.timeZone}
          />
          <section aria-labelledby="status-services">
            <h2 id="status-services" className="text-2xl font-bold">
              {t("status.servicesHeading")}
            </h2>
            {status.services.length === 0 ? (
              <p className="mt-4 text-slate-700 dark:text-slate-300">{t("status.noServices")}</p>
            ) : null}
            <ServiceList status={status} />
            <Island name="day-keys" props={{}} />
          </section>
          <MaintenanceList maintenance={status.maintenance} services={status.services} timeZone={status.timeZone} />
          <section aria-labelledby="status-subscribe">
            <h2 id="status-subscribe" className="text-2xl font-bold">
              {t("subscribe.heading")}
            </h2>
            <p className="mt-2 mb-4 max-w-3xl text-slate-700 dark:text-slate-300">{t("subscribe.intro")}</p>
            <SubscribeForm id="status-subscribe" />
            {status.services.length > 1 ? (
              <p className="mt-4">
                <a
                  href={href("/status/subscribe")}
                  className="font-medium text-brand-700 underline dark:text-brand-300"
                >
                  {t("subscribe.choose")}
                </a>
              </p>
            ) : null}
          </section>
          <IncidentList
            id="status-resolved"
            heading={t("status.resolvedHeading")}
            empty={t("status.noResolved")}
            incidents={status.incidents.resolved}
            services={status.services}
            timeZone={status.timeZone}
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <a href={statusFeedPath(lang)} className="font-medium text-brand-700 underline dark:text-brand-300">
              {t("status.feed")}
            </a>
            {" · "}
            {t("status.embed", { json: "/api/status", badge: "/api/status/badge/<id>.svg" })}
          </p>
        </div>
      ) : (
        <p className="mx-auto max-w-6xl px-4 py-12 text-slate-700 dark:text-slate-300">{t("status.banner.unknown")}</p>
      )}
      {status ? (
        <Island
          name="local-times"
          props={{ timeZone: status.timeZone, yourTime: messages["status.yourTime"] ?? "{time}" }}
        />
      ) : null}
    </>
  );
}
