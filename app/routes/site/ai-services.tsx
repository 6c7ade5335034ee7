import { aiServices } from "#content/pages/ai-services.ts";
import { CardIcon } from "#app/components/card-icon.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { buttonPrimary, Card, pageColumn, Section } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/ai-services";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, aiServices);

export default function AiServicesPage({ loaderData }: Route.ComponentProps) {
  const { href } = useLanguage();
  const { content } = loaderData;
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.hero.title} intro={content.hero.subtitle} />
      <section className="py-12">
        <div className={`${pageColumn} [&>*]:max-w-3xl`}>
          <h2 className="text-3xl font-bold tracking-tight">{content.intro.heading}</h2>
          {content.intro.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
          <a href={href("/contact")} className={`${buttonPrimary} mt-8`}>
            {content.intro.button}
          </a>
        </div>
      </section>
      <Section heading={content.capabilities.heading} tone="muted">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {content.capabilities.items.map((item) => (
            <Card key={item.title}>
              <CardIcon name={item.icon} />
              <h3 className="mt-4 text-xl font-bold">{item.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{item.description}</p>
              <ul
                className={
                  "mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700 " +
                  "marker:text-brand-700 dark:text-slate-300 dark:marker:text-brand-300"
                }
              >
                {item.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>
      <Section heading={content.process.heading} intro={content.process.intro}>
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {content.process.steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
              <span
                aria-hidden="true"
                className={
                  "inline-flex size-10 items-center justify-center " + "rounded-full bg-brand-700 font-bold text-white"
                }
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
