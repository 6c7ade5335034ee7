import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { feedPath, PUBLIC_PAGES } from "./routing/pages.ts";

// Each page is mounted three times: /en/..., /de/... and the unprefixed path
// that serves the visitor's language. Route ids say which: "en:about".
const sitePages = PUBLIC_PAGES.flatMap((page) => [
  ...LANGUAGES.map((lang) => route(localizePath(lang, page.path), page.file, { id: `${lang}:${page.id}` })),
  route(page.path, page.file, { id: `auto:${page.id}` }),
]);

// The status page subscription's steps: rendered per request (they answer form posts and carry tokens), in each
// language, never prerendered or listed in the sitemap.
const subscriptionPages = (["subscribe", "confirm", "unsubscribe"] as const).flatMap((step) =>
  LANGUAGES.map((lang) =>
    route(localizePath(lang, `/status/${step}`), `routes/site/status-${step}.tsx`, { id: `${lang}:status-${step}` }),
  ),
);

export default [
  // The staff area: in the staff member's language (its layout decides), fully hydrated, never prerendered.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/sign-in.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/alerts", "routes/admin/alerts.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/subscribers", "routes/admin/subscribers.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/invitation", "routes/admin/invitation.tsx"),
  ]),
  layout("routes/site/layout.tsx", [...sitePages, ...subscriptionPages, route("*", "routes/site/not-found.tsx")]),
  ...LANGUAGES.map((lang) => route(feedPath(lang), "routes/news-feed.ts", { id: `${lang}:news-feed` })),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
