import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useMemo } from "react";
import type { Language } from "#shared/i18n/languages.ts";
import { splitLanguagePrefix } from "#shared/site/paths.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorScreen } from "./components/error-screen.tsx";
import { HEAD_SCRIPT, LANGUAGE_NEGOTIATED_ATTRIBUTE } from "#shared/site/head-script.ts";
import type { Messages } from "./i18n/en.ts";
import { LanguageProvider } from "./i18n/language.tsx";
import { useNonce } from "./nonce.ts";
import { IslandScripts } from "./islands/island-scripts.tsx";
import { isLanguageNegotiated, requestLanguage, sharedMessages } from "./i18n/messages.server.ts";
import { siteUrl } from "./settings.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    lang,
    languageNegotiated: isLanguageNegotiated(request),
    messages: sharedMessages(lang),
    siteUrl: siteUrl(),
  };
}

// The shared messages change only with the language, which a prefix change
// (for example /en/about -> /de/about) can switch.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const languageOf = (url: URL) => splitLanguagePrefix(url.pathname).lang;
  return defaultShouldRevalidate || languageOf(currentUrl) !== languageOf(nextUrl);
}

/** Route handle of pages that hydrate as a whole (the staff area). */
export type RouteHandle = { hydrate?: boolean };

function hasHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null;
}

function hasMessages(data: unknown): data is { messages: Partial<Messages> } {
  return typeof data === "object" && data !== null && "messages" in data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The staff area's language is the staff member's, which its layout's loader knows (the session's saved choice).
  const staff = useRouteLoaderData<{ staffLanguage: Language }>("routes/admin/layout");
  // Public pages load no router: only their islands. Pages that opt in with
  // handle.hydrate run as a full React Router app.
  const hydrate = useMatches().some((match) => hasHandle(match.handle) && match.handle.hydrate === true);
  const nonce = useNonce();
  return (
    // The head script sets the theme class before hydration, and may load a
    // page whose language was negotiated again in the stored one.
    <html
      lang={staff?.staffLanguage ?? data?.lang ?? "en"}
      {...(data?.languageNegotiated ? { [LANGUAGE_NEGOTIATED_ATTRIBUTE]: "" } : {})}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : (
          <IslandScripts />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { lang } = useLoaderData<typeof loader>();
  // Each route's loader sends the dictionary keys it needs; together they are the page's messages.
  const matches = useMatches();
  const messages = useMemo(
    () =>
      Object.assign({}, ...matches.map((match) => (hasMessages(match.loaderData) ? match.loaderData.messages : {}))),
    [matches],
  );
  return (
    <LanguageProvider lang={lang} messages={messages}>
      <Outlet />
    </LanguageProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
