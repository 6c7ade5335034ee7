import { Target } from "lucide-react";
import { company } from "#shared/company.ts";
import { about } from "#content/pages/about.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { Picture } from "#app/components/picture.tsx";
import { Section } from "#app/components/ui.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/about";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, about);

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.heading} intro={content.intro} />
      <Section heading={content.story.heading}>
        <div className="max-w-3xl">
          {content.story.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mb-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
        </div>
      </Section>
      <Section heading={content.mission.heading} intro={content.mission.intro} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {content.mission.bullets.map((bullet) => (
            <li
              key={bullet}
              className={
                "flex gap-3 rounded-xl border border-slate-200 bg-white " +
                "p-6 dark:border-slate-700 dark:bg-slate-950"
              }
            >
              <Target aria-hidden="true" className="size-6 shrink-0 text-brand-700 dark:text-brand-300" />
              <span className="text-slate-800 dark:text-slate-200">{bullet}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={content.team.heading} intro={content.team.intro}>
        <div className="grid items-start gap-8 md:grid-cols-[16rem_1fr]">
          <Picture
            kind="portrait"
            name="founder"
            alt={content.team.ceo.portraitAlt}
            sizes="16rem"
            className="w-64 max-w-full rounded-2xl shadow-md"
          />
          <div>
            <h3 className="text-2xl font-bold">{company.managingDirector}</h3>
            <p className="font-semibold text-brand-700 dark:text-brand-300">{content.team.ceo.position}</p>
            {content.team.ceo.description.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </Section>
    </>
  );
}
