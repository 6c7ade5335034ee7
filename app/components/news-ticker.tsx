import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { useLanguage } from "#app/i18n/language.tsx";
import type { TickerHeadline } from "#app/news/summaries.ts";
import { KEEP_CLEAR_ATTRIBUTE } from "#app/chrome/markup.ts";

export const TICKER_LOAD_MS = 1_000;
export const TICKER_REFRESH_MS = 300_000;

function TickerList({ headlines, hidden = false }: { headlines: readonly TickerHeadline[]; hidden?: boolean }) {
  const { lang } = useLanguage();
  const format = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-US", { dateStyle: "medium", timeZone: "UTC" });
  return (
    <ul className="flex shrink-0 gap-10 pr-10" aria-hidden={hidden || undefined}>
      {headlines.map((item) => (
        <li key={item.href} className="flex items-center gap-2 whitespace-nowrap text-sm">
          <time dateTime={item.date} className="font-semibold text-brand-700 dark:text-brand-300">
            {format.format(new Date(item.date))}
          </time>
          {/* The copy that makes the loop seamless is for the eye only: its links take no focus. */}
          <a
            href={item.href}
            tabIndex={hidden ? -1 : undefined}
            className="underline-offset-2 hover:underline focus-visible:underline"
          >
            {item.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Scrolling headlines of the newest articles, each a link to it: a 1 s
 * loading skeleton, then the list, reloaded every 5 minutes. It can be paused
 * (WCAG 2.2.2), holds still under the pointer or focus so a link can be
 * followed, stops for reduced motion, and keeps one fixed height so nothing
 * below it shifts.
 */
export function NewsTicker({ headlines }: { headlines: readonly TickerHeadline[] }) {
  const { t } = useLanguage();
  // Fixed, not useId: React renders the island, Preact hydrates it, and their ids differ (decision 030).
  const headingId = "news-ticker-heading";
  const [loading, setLoading] = useState(true);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    let done = setTimeout(() => setLoading(false), TICKER_LOAD_MS);
    const refresh = setInterval(() => {
      setLoading(true);
      clearTimeout(done);
      done = setTimeout(() => setLoading(false), TICKER_LOAD_MS);
    }, TICKER_REFRESH_MS);
    return () => {
      clearTimeout(done);
      clearInterval(refresh);
    };
  }, []);

  return (
    <section
      aria-labelledby={headingId}
      {...{ [KEEP_CLEAR_ATTRIBUTE]: "" }}
      className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-3 px-4">
        <h2
          id={headingId}
          className="shrink-0 text-sm font-bold tracking-wide text-brand-700 uppercase dark:text-brand-300"
        >
          {t("ticker.label")}
        </h2>
        <div className="relative h-full flex-1 overflow-hidden" aria-busy={loading}>
          {loading ? (
            <>
              <div role="status" className="js-only flex h-full items-center gap-4" data-testid="ticker-skeleton">
                <span className="sr-only">{t("ticker.loading")}</span>
                <span className="h-3 w-1/3 animate-pulse rounded bg-slate-300 dark:bg-slate-700" />
                <span className="h-3 w-1/4 animate-pulse rounded bg-slate-300 dark:bg-slate-700" />
                <span className="h-3 w-1/5 animate-pulse rounded bg-slate-300 dark:bg-slate-700" />
              </div>
              {/* Without JavaScript nothing loads: show the headlines, still. */}
              <div className="no-js-only flex h-full items-center overflow-x-auto">
                <TickerList headlines={headlines} />
              </div>
            </>
          ) : (
            <div
              className="ticker-track flex h-full w-max items-center"
              data-paused={paused}
              data-testid="ticker-track"
            >
              <TickerList headlines={headlines} />
              <TickerList headlines={headlines} hidden />
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          aria-label={t("ticker.pause")}
          className={
            "inline-flex size-10 shrink-0 cursor-pointer items-center " +
            "justify-center rounded-md hover:bg-slate-200 dark:hover:bg-slate-800"
          }
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        </button>
      </div>
    </section>
  );
}
