// The public status page, its JSON, feeds and badges, rendered when the
// status changed (the source is asked every few seconds; it rebuilds only on
// a new check round, an incident, staff's words or maintenance) and put among
// the files served from memory, so any number of visitors costs no database
// query and no rendering. Each worker keeps its own copy.
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import { company } from "#shared/company.ts";
import { LANGUAGE_COOKIE, LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { statusFeedPath, type PublicStatus } from "#shared/status/public-status.ts";
import type { Services } from "#server/services.ts";
import { statusBadge, statusFeed, statusJson } from "#server/status/status-feeds.ts";
import { servicesContext, statusContext } from "./render-context.ts";
import { siteFileFrom, siteFileMade, type SiteFile, type SiteFiles } from "./site-files.ts";

// Four small queries per look: cheap enough to look often, so a change shows within a couple of seconds.
const POLL_MS = 2_000;
const PAGE_CACHE = "public, max-age=0, must-revalidate";
/** The unprefixed page depends on the visitor's language: never shared between visitors. */
const VARIANT_CACHE = "private, max-age=0, must-revalidate";
/** Embeds may be fetched by every page view of another site: a short cache spares both. */
const EMBED_CACHE = "public, max-age=30";

export const badgeUrl = (id: string) => `/api/status/badge/${id}.svg`;

export function createStatusPages(options: {
  build: ServerBuild;
  services: Services;
  siteFiles: SiteFiles;
  logger: Logger;
  siteUrl: () => string;
  pollMs?: number;
}) {
  const { services, siteFiles, logger } = options;
  const source = services.status?.source;
  const render = createRequestHandler(options.build, "production");
  let rendered: PublicStatus | undefined;
  /** Each public service's badge as last made: most badges say the same round after round, and stay as they are. */
  let badges = new Map<string, { svg: string; file: SiteFile }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** Renders from the status given, not the source's latest: one publish says one thing in every language. */
  async function page(status: PublicStatus, path: string, cookie?: string): Promise<string> {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(statusContext, status);
    const response = await render(
      new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }),
      context,
    );
    if (response.status !== 200) throw new Error(`rendering ${path} answered ${response.status}`);
    return response.text();
  }

  async function publish(status: PublicStatus): Promise<void> {
    const origin = options.siteUrl();
    for (const lang of LANGUAGES) {
      const path = localizePath(lang, "/status");
      siteFiles.pages.set(path, await siteFileMade(await page(status, path), "text/html; charset=utf-8", PAGE_CACHE));
      siteFiles.variants[lang].set(
        "/status",
        await siteFileMade(
          await page(status, "/status", `${LANGUAGE_COOKIE}=${lang}`),
          "text/html; charset=utf-8",
          VARIANT_CACHE,
        ),
      );
      const feed = statusFeed(status, {
        lang,
        brand: company.brand,
        pageUrl: `${origin}${path}`,
        feedUrl: `${origin}${statusFeedPath(lang)}`,
      });
      siteFiles.assets.set(statusFeedPath(lang), siteFileFrom(feed, "application/rss+xml; charset=utf-8", EMBED_CACHE));
    }
    // Its ETag is made of what it says, not of when this worker built it: every worker answers 304 for unchanged data.
    const { generatedAt, ...content } = statusJson(status);
    siteFiles.assets.set(
      "/api/status",
      await siteFileMade(
        JSON.stringify({ generatedAt, ...content }),
        "application/json",
        EMBED_CACHE,
        JSON.stringify(content),
      ),
    );
    const now = new Map<string, { svg: string; file: SiteFile }>();
    for (const service of status.services) {
      const url = badgeUrl(service.id);
      const svg = statusBadge(service);
      const known = badges.get(url);
      const badge = known?.svg === svg ? known : { svg, file: siteFileFrom(svg, "image/svg+xml", EMBED_CACHE) };
      siteFiles.assets.set(url, badge.file);
      now.set(url, badge);
    }
    // A service no longer public loses its badge at once.
    for (const url of badges.keys()) if (!now.has(url)) siteFiles.assets.delete(url);
    badges = now;
  }

  /** Builds the status (when it changed) and renders what shows it (when it is new). */
  function refresh(): Promise<void> {
    if (!source) return Promise.resolve();
    running ??= (async () => {
      try {
        const started = performance.now();
        const status = await source.refresh();
        if (status !== rendered) {
          const built = performance.now();
          await publish(status);
          rendered = status;
          logger.debug(
            { buildMs: Math.round(built - started), renderMs: Math.round(performance.now() - built) },
            "status page rendered",
          );
        }
      } catch (error) {
        logger.error({ err: error }, "the status page could not be rendered; the last one stays");
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    refresh,
    /** Renders once now, then looks for changes every few seconds. */
    async start() {
      await refresh();
      timer = setInterval(() => void refresh(), options.pollMs ?? POLL_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
