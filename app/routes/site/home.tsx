import { ExternalLink } from "lucide-react";
import { company } from "#shared/company.ts";
import { home } from "#content/pages/home.ts";
import { JsonLd, organizationJsonLd } from "#app/components/json-ld.tsx";
import { PageMeta, useSiteUrl } from "#app/components/page-meta.tsx";
import { Picture } from "#app/components/picture.tsx";
import { buttonPrimary, buttonSecondary, CallToAction, Card, Section, textLink } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import { quote } from "#app/i18n/quotation-marks.ts";
import { tickerHeadlines } from "#app/news/summaries.ts";
import { Island } from "#app/islands/island.tsx";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  const data = pageData(request, home, ["common"]);
  return { ...data, headlines: tickerHeadlines(data.lang) };
}

const TEASER_LINKS = [company.subdomains.aiServices, company.subdomains.projects];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t, href, lang } = useLanguage();
  const { content, headlines } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <JsonLd data={organizationJsonLd(siteUrl)} />
      <section
        className={
          "bg-gradient-to-b from-brand-50 to-white px-4 py-20 " + "sm:py-28 dark:from-slate-900 dark:to-slate-950"
        }
      >
        <div className="mx-auto max-w-4xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
            {content.hero.eyebrow}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-6xl">{content.hero.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{content.hero.text}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <a href={href("/contact")} className={buttonPrimary}>
              {content.hero.primaryCta}
            </a>
            <a href={href("/about")} className={buttonSecondary}>
              {content.hero.secondaryCta}
            </a>
          </div>
        </div>
      </section>
      <Island name="news-ticker" props={{ headlines }} />

      <Section heading={content.founder.heading}>
        <div className="grid items-start gap-10 md:grid-cols-[16rem_1fr]">
          <Picture
            kind="portrait"
            name="founder"
            alt={company.managingDirector}
            sizes="16rem"
            className="w-64 max-w-full rounded-2xl shadow-md"
          />
          <div>
            {content.founder.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mb-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <a
                href={company.social.founderLinkedin}
                target="_blank"
                rel="noopener noreferrer"
                className={`${textLink} inline-flex min-h-10 items-center gap-1`}
              >
                {content.founder.linkedinLabel}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">{t("common.opensInNewTab")}</span>
              </a>
              <a
                href={company.social.discord}
                target="_blank"
                rel="noopener noreferrer"
                className={`${textLink} inline-flex min-h-10 items-center gap-1`}
              >
                {content.founder.discordLabel}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">{t("common.opensInNewTab")}</span>
              </a>
            </div>
          </div>
        </div>
      </Section>

      <Section heading={content.servicesTeaser.heading} intro={content.servicesTeaser.intro} tone="muted">
        <div className="grid gap-6 md:grid-cols-2">
          {content.servicesTeaser.cards.map((card, index) => (
            <Card key={card.title}>
              <h3 className="text-xl font-bold">{card.title}</h3>
              <p className="mt-3 text-slate-700 dark:text-slate-300">{card.description}</p>
              <a
                href={TEASER_LINKS[index]}
                target="_blank"
                rel="noopener noreferrer"
                className={`${textLink} mt-4 inline-flex min-h-10 items-center gap-1`}
              >
                {card.linkLabel}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">{t("common.opensInNewTab")}</span>
              </a>
            </Card>
          ))}
        </div>
      </Section>

      <Section heading={content.testimonials.heading}>
        <div className="grid gap-6 md:grid-cols-3">
          {content.testimonials.items.map((item) => (
            <figure
              key={item.author}
              className={
                "flex flex-col rounded-xl border border-slate-200 bg-white p-6 " +
                "shadow-sm dark:border-slate-700 dark:bg-slate-900"
              }
            >
              <blockquote className="flex-1 text-slate-800 dark:text-slate-200">{quote(lang, item.quote)}</blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold">{item.author}</span>
                <span className="block text-sm text-slate-700 dark:text-slate-300">{item.position}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <CallToAction {...content.cta} href={href("/contact")} tone="brand" />
    </>
  );
}
