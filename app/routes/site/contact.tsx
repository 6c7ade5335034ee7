import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { data } from "react-router";
import { company } from "#shared/company.ts";
import { openStreetMapEmbedUrl } from "#shared/site/map.ts";
import { contact } from "#content/pages/contact.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { textLink } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData, requestLanguage } from "#app/i18n/messages.server.ts";
import { Island } from "#app/islands/island.tsx";
import type { Route } from "./+types/contact";
import { formTokenHeaders, submitContactForm } from "./contact.server.ts";
import { retryAfterHeaders } from "./retry-after.ts";

// Prerendered: the form token comes in a cookie that the server sets with
// every answer of this page (server/http/form-token-cookie.ts).
export function loader({ request, context }: Route.LoaderArgs) {
  return data(pageData(request, contact, ["contact"]), { headers: formTokenHeaders(request, context) });
}

/** A refused post (too many, a full disk) says when to try again. */
export const headers = retryAfterHeaders;

export function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(request, context, requestLanguage(request));
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-9">
      <dt className="font-semibold">
        <span className="absolute top-0.5 left-0 text-brand-700 dark:text-brand-300">{icon}</span>
        {label}
      </dt>
      <dd className="text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { content } = loaderData;
  const { info, map } = content;
  const { t, href } = useLanguage();
  const icon = "size-5";
  return (
    <>
      <PageMeta title={content.meta.title} description={content.meta.description} />
      <PageHeader heading={content.heading} intro={content.intro} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-2">
        <section aria-labelledby="contact-form" className="relative">
          <h2 id="contact-form" className="text-2xl font-bold">
            {t("contact.formHeading")}
          </h2>
          <div className="mt-6">
            <Island
              name="contact-form"
              props={{ action: href("/contact"), privacyHref: href("/privacy-policy"), ...actionData }}
            />
          </div>
        </section>
        <section aria-labelledby="contact-info">
          <h2 id="contact-info" className="text-2xl font-bold">
            {info.heading}
          </h2>
          <dl className="mt-6 space-y-6">
            <InfoRow icon={<MapPin aria-hidden="true" className={icon} />} label={info.addressLabel}>
              <address className="not-italic">
                {company.legalName}
                <br />
                {company.address.street}
                <br />
                {company.address.postalCode} {company.address.city}
              </address>
            </InfoRow>
            <InfoRow icon={<Mail aria-hidden="true" className={icon} />} label={info.emailLabel}>
              <a href={`mailto:${company.email.info}`} className={textLink}>
                {company.email.info}
              </a>
            </InfoRow>
            <InfoRow icon={<Phone aria-hidden="true" className={icon} />} label={info.phoneLabel}>
              <a href={`tel:${company.phone.replace(/\s+/g, "")}`} className={textLink}>
                {company.phone}
              </a>
            </InfoRow>
            <InfoRow icon={<Clock aria-hidden="true" className={icon} />} label={info.hoursLabel}>
              <span className="block">{info.hoursWeekdays}</span>
              <span className="block">{info.hoursWeekend}</span>
            </InfoRow>
          </dl>
          <p className="mt-8 rounded-lg bg-brand-50 p-4 text-slate-800 dark:bg-slate-900 dark:text-slate-200">
            {info.note}
          </p>
        </section>
        <section aria-labelledby="contact-map" className="lg:col-span-2">
          <h2 id="contact-map" className="text-2xl font-bold">
            {map.heading}
          </h2>
          <div className="mt-6">
            <Island
              name="map-embed"
              props={{
                embedUrl: openStreetMapEmbedUrl(company.map),
                placeholder: map.placeholder,
                button: map.button,
                privacyNote: map.privacyNote,
                caption: map.caption,
                frameTitle: map.frameTitle,
              }}
            />
          </div>
        </section>
      </div>
    </>
  );
}
