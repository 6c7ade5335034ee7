import { ExternalLink } from "lucide-react";
import { projects } from "#content/pages/projects.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { Picture } from "#app/components/picture.tsx";
import { Tag, textLink } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/projects";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, projects, ["common"]);

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { content } = loaderData;
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.heading} intro={content.intro} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-2 lg:grid-cols-3">
        {content.projects.map((project, index) => (
          <article
            key={project.title}
            className={
              "flex flex-col overflow-hidden rounded-xl border border-slate-200 " +
              "bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
            }
          >
            <Picture
              kind="project"
              name={project.image}
              alt={project.imageAlt}
              sizes="(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw"
              className="aspect-video w-full object-cover"
              priority={index === 0}
            />
            <div className="flex flex-1 flex-col p-6">
              <h2 className="text-xl font-bold">{project.title}</h2>
              <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{project.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={content.technologiesLabel}>
                {project.technologies.map((technology) => (
                  <li key={technology}>
                    <Tag>{technology}</Tag>
                  </li>
                ))}
              </ul>
              <a
                href={project.link}
                target="_blank"
                rel="noopener noreferrer"
                className={`${textLink} mt-4 inline-flex min-h-10 items-center gap-1`}
              >
                {content.visitLabel}
                <span className="sr-only">
                  : {project.title} {t("common.opensInNewTab")}
                </span>
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
