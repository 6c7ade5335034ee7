import { Briefcase, MapPin } from "lucide-react";
import { careers } from "#content/pages/careers.ts";
import { CardIcon } from "#app/components/card-icon.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { buttonPrimary, CallToAction, Card, Section } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/careers";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, careers);

function List({ label, items }: { label: string; items: string[] }) {
  return (
    <div>
      <h4 className="font-semibold">{label}</h4>
      <ul
        className={
          "mt-2 list-disc space-y-1 pl-5 text-slate-700 " +
          "marker:text-brand-700 dark:text-slate-300 " +
          "dark:marker:text-brand-300"
        }
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export default function CareersPage({ loaderData }: Route.ComponentProps) {
  const { href } = useLanguage();
  const { content } = loaderData;
  const { openings } = content;
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.heading} intro={content.intro} />
      <Section heading={content.reasons.heading}>
        <div className="grid gap-6 md:grid-cols-3">
          {content.reasons.items.map((reason) => (
            <div key={reason.title}>
              <h3 className="text-lg font-bold">{reason.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{reason.description}</p>
            </div>
          ))}
        </div>
      </Section>
      <Section heading={content.benefits.heading} tone="muted">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.benefits.items.map((benefit) => (
            <Card key={benefit.title}>
              <CardIcon name={benefit.icon} />
              <h3 className="mt-4 text-lg font-bold">{benefit.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{benefit.description}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section heading={openings.heading}>
        <div className="space-y-6">
          {openings.jobs.map((job) => (
            <Card key={job.title}>
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h3 className="text-2xl font-bold">{job.title}</h3>
                  <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-700 dark:text-slate-300">
                    <span className="inline-flex items-center gap-1">
                      <Briefcase aria-hidden="true" className="size-4" />
                      {openings.fullTime}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-4" />
                      {openings.location}
                    </span>
                  </p>
                </div>
                <a href={href("/contact")} className={buttonPrimary}>
                  {openings.apply}
                  <span className="sr-only">: {job.title}</span>
                </a>
              </div>
              <p className="mt-4 text-slate-700 dark:text-slate-300">{job.description}</p>
              <div className="mt-6 grid gap-6 md:grid-cols-2">
                <List label={openings.requirementsLabel} items={job.requirements} />
                <List label={openings.responsibilitiesLabel} items={job.responsibilities} />
              </div>
            </Card>
          ))}
        </div>
      </Section>
      <CallToAction {...content.openApplication} href={href("/contact")} tone="muted" />
    </>
  );
}
