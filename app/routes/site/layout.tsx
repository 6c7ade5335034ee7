import { Outlet } from "react-router";
import { ConsentBanner } from "#app/components/consent/consent-banner.tsx";
import { ConsentButton } from "#app/components/consent/consent-button.tsx";
import { Footer } from "#app/components/footer.tsx";
import { Navbar } from "#app/components/navbar.tsx";
import { WelcomeDialog } from "#app/components/welcome/welcome-dialog.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { usePageLocation } from "#app/routing/page-location.ts";

/** The shell of every public page. Its chrome is server-rendered; app/chrome/ gives it behaviour. */
export default function SiteLayout() {
  const { t, lang } = useLanguage();
  const { path, languageHref } = usePageLocation(lang);
  return (
    <>
      <a
        href="#main"
        className={
          "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md " +
          "focus:bg-white focus:px-4 focus:py-2 focus:font-semibold dark:focus:bg-slate-900"
        }
      >
        {t("common.skipToContent")}
      </a>
      {/* First in the document, so keyboard users reach the consent choice first. */}
      <ConsentBanner />
      <Navbar current={path} languageHref={languageHref} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ConsentButton />
      <WelcomeDialog />
    </>
  );
}
