import { CheckCircle2 } from "lucide-react";
import { digitalConsulting } from "#content/pages/digital-consulting.ts";
import { CardIcon } from "#app/components/card-icon.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { CallToAction, Card, Section } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/digital-consulting";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, digitalConsulting);

export default function DigitalConsultingPage({ loaderData }: Route.ComponentProps) {
  const { href } = useLanguage();
  const { content } = loaderData;
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.hero.title} intro={content.hero.subtitle} />
      <Section heading={content.capabilities.heading}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.capabilities.items.map((item) => (
            <Card key={item.title}>
              <CardIcon name={item.icon} />
              <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{item.description}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section heading={content.services.heading} tone="muted">
        <div className="grid gap-6 md:grid-cols-2">
          {content.services.items.map((service) => (
            <Card key={service.title}>
              <h3 className="text-xl font-bold">{service.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{service.description}</p>
              <ul className="mt-4 space-y-2">
                {service.bullets.map((bullet) => (
                  <li key={bullet} className="flex gap-2 text-slate-700 dark:text-slate-300">
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300"
                    />
                    {bullet}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>
      <CallToAction {...content.cta} href={href("/contact")} />
    </>
  );
}
