import { company } from "#shared/company.ts";
import type { MessageKey } from "#app/i18n/en.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { CookieSettingsButton } from "./consent/cookie-settings-button.tsx";
import { Logo } from "./logo.tsx";
import { SERVICE_LINKS, type NavItem } from "./nav-items.ts";
import { DiscordIcon, LinkedinIcon, XIcon } from "./social-icons.tsx";

const COMPANY_LINKS: readonly NavItem[] = [
  { path: "/about", label: "nav.about" },
  { path: "/careers", label: "nav.careers" },
  { path: "/news", label: "nav.news" },
  { path: "/status", label: "nav.status" },
];

const LEGAL_LINKS: readonly NavItem[] = [
  { path: "/imprint", label: "footer.imprint" },
  { path: "/privacy-policy", label: "footer.privacy" },
  { path: "/terms-of-service", label: "footer.terms" },
];

const SOCIAL: readonly { href: string; label: MessageKey; Icon: typeof XIcon }[] = [
  { href: company.social.x, label: "footer.socialX", Icon: XIcon },
  { href: company.social.linkedin, label: "footer.socialLinkedin", Icon: LinkedinIcon },
  { href: company.social.discord, label: "footer.socialDiscord", Icon: DiscordIcon },
];

const footerLink =
  "inline-flex min-h-6 items-center py-1 text-slate-700 hover:text-brand-700 " +
  "hover:underline dark:text-slate-300 dark:hover:text-brand-300";

function LinkColumn({ heading, links }: { heading: MessageKey; links: readonly NavItem[] }) {
  const { t, href } = useLanguage();
  return (
    <div>
      <h2 className="text-sm font-semibold">{t(heading)}</h2>
      <ul className="mt-3 space-y-1 text-sm">
        {links.map((item) => (
          <li key={item.path}>
            <a href={href(item.path)} className={footerLink}>
              {t(item.label)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useLanguage();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t("footer.tagline")}</p>
          <ul className="mt-4 flex gap-2" aria-label={t("footer.followUs")}>
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t(label)} ${t("common.opensInNewTab")}`}
                  className={
                    "inline-flex size-10 items-center justify-center rounded-md text-slate-700 " +
                    "hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
                  }
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn heading="footer.servicesHeading" links={SERVICE_LINKS} />
        <LinkColumn heading="footer.companyHeading" links={COMPANY_LINKS} />
        <div>
          <LinkColumn heading="footer.legalHeading" links={LEGAL_LINKS} />
          <CookieSettingsButton className={`${footerLink} mt-1 cursor-pointer text-sm`} />
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        {/* The bottom padding is the floating cookie button's corner: at the page's end it covers no words. */}
        <div
          className={
            "mx-auto flex max-w-6xl flex-col gap-2 px-4 pt-6 pb-20 text-sm " +
            "text-slate-700 sm:flex-row sm:justify-between dark:text-slate-300"
          }
        >
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {company.legalName}. {t("footer.rights")}
          </p>
          <p>
            {t("footer.writeUs")}:{" "}
            <a
              href={`mailto:${company.email.info}`}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              {company.email.info}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
