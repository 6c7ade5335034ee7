import { Pause, Play } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { MessageKey } from "../i18n/en.ts";
import { useLanguage } from "../i18n/language.tsx";

export const TICKER_LOAD_MS = 1_000;
export const TICKER_REFRESH_MS = 300_000;

// Six hard-coded headlines (spec); their text is in the dictionaries.
const ITEMS: readonly { title: MessageKey; date: string }[] = [
  { title: "ticker.item1", date: "2025-04-03" },
  { title: "ticker.item2", date: "2025-04-01" },
  { title: "ticker.item3", date: "2025-03-27" },
  { title: "ticker.item4", date: "2025-03-20" },
  { title: "ticker.item5", date: "2025-03-12" },
  { title: "ticker.item6", date: "2025-03-05" },
];

function TickerList({ hidden = false }: { hidden?: boolean }) {
  const { t, lang } = useLanguage();
  const format = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-US", { dateStyle: "medium", timeZone: "UTC" });
  return (
    <ul className="flex shrink-0 gap-10 pr-10" aria-hidden={hidden || undefined}>
      {ITEMS.map((item) => (
        <li key={item.title} className="flex items-center gap-2 whitespace-nowrap text-sm">
          <time dateTime={item.date} className="font-semibold text-brand-700 dark:text-brand-300">
            {format.format(new Date(item.date))}
          </time>
          <span>{t(item.title)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Scrolling AI headlines: a 1 s loading skeleton, then the list, reloaded
 * every 5 minutes (spec). It can be paused (WCAG 2.2.2), stops for reduced
 * motion, and keeps one fixed height so nothing below it shifts.
 */
export function NewsTicker() {
  const { t } = useLanguage();
  const headingId = useId();
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
    <section aria-labelledby={headingId} className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-3 px-4">
        <h2 id={headingId} className="shrink-0 text-sm font-bold tracking-wide text-brand-700 uppercase dark:text-brand-300">
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
                <TickerList />
              </div>
            </>
          ) : (
            <div className="ticker-track flex h-full w-max items-center" data-paused={paused} data-testid="ticker-track">
              <TickerList />
              <TickerList hidden />
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          aria-label={t("ticker.pause")}
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-slate-200 dark:hover:bg-slate-800"
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        </button>
      </div>
    </section>
  );
}
