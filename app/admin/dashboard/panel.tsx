// The frame every dashboard panel shares: a heading, a skeleton while its
// first data loads (the same height as what replaces it, so nothing jumps),
// its error state with its "Failed to load ..." message and a Retry button, and a Stale
// badge when its data is older than two intervals.
import { AlertTriangle, RotateCw } from "lucide-react";
import { type ReactNode, useContext } from "react";
import { isStale } from "#shared/monitor/format.ts";
import { formatInZone } from "#shared/time/zoned-time.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { CompanyTimeZone } from "#app/admin/when.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

export const panelClass =
  "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
export const smallButton =
  "inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm " +
  "font-semibold hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 " +
  "dark:hover:bg-slate-800";

export function Skeleton({ lines = 3, height = "h-4" }: { lines?: number; height?: string }) {
  return (
    <div aria-hidden="true" className="space-y-3">
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          className={`${height} animate-pulse rounded bg-slate-200 dark:bg-slate-700`}
          style={{ width: `${90 - ((index * 17) % 40)}%` }}
        />
      ))}
    </div>
  );
}

/**
 * "12s ago", "5m ago", or the time of day in the company's zone once an hour has passed, in the staff language: the
 * server's render and every browser write the same.
 */
export function useAgo(): (at: number | string | null | undefined, now: number) => string {
  const { lang, t } = useStaffText();
  const timeZone = useContext(CompanyTimeZone);
  return (at, now) => {
    const time = typeof at === "string" ? Date.parse(at) : (at ?? Number.NaN);
    if (!Number.isFinite(time)) return t("panels.never");
    const seconds = Math.max(0, Math.floor((now - time) / 1000));
    if (seconds < 60) return t("panels.agoSeconds", { n: seconds });
    if (seconds < 3600) return t("panels.agoMinutes", { n: Math.floor(seconds / 60) });
    return formatInZone(time, { lang, timeZone, style: "time" });
  };
}

export function RetryButton({ onRetry, label, busy = false }: { onRetry: () => void; label?: string; busy?: boolean }) {
  const { t } = useStaffText();
  return (
    <button type="button" className={smallButton} onClick={onRetry} disabled={busy}>
      <RotateCw aria-hidden="true" className={`size-4 ${busy ? "animate-spin" : ""}`} />
      {label ?? t("panels.retry")}
    </button>
  );
}

export function StaleBadge() {
  const { t } = useStaffText();
  return (
    <span
      className={
        "rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold " +
        "text-amber-950 dark:bg-amber-900 dark:text-amber-50"
      }
      title={t("panels.staleTitle")}
    >
      {t("panels.stale")}
    </span>
  );
}

/**
 * A panel over polled data. `sampledAt` is when the server read the source; the panel is stale past two intervals of
 * it.
 */
export function Panel<T>(props: {
  id: string;
  title: string;
  polled: Polled<T>;
  retryLabel?: string;
  skeletonLines?: number;
  sampledAt?: (data: T) => string | null | undefined;
  intervalSeconds?: number | null;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { polled } = props;
  const now = useNow();
  const ago = useAgo();
  const { t } = useStaffText();
  const sampled = polled.data !== undefined ? props.sampledAt?.(polled.data) : undefined;
  const stale = isStale(sampled, props.intervalSeconds, now);
  const retry = () => void polled.refresh(true);
  return (
    <section aria-labelledby={`${props.id}-heading`} className={panelClass} aria-busy={polled.busy}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${props.id}-heading`} className="flex items-center gap-2 text-lg font-bold">
          {props.title}
          {stale ? <StaleBadge /> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {sampled ? (
            <span className="text-xs text-slate-600 dark:text-slate-300">
              {t("panels.updated", { ago: ago(sampled, now) })}
            </span>
          ) : null}
          {props.actions}
        </div>
      </div>
      {polled.data === undefined && polled.error ? (
        <div
          role="alert"
          className={
            "flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 " +
            "text-red-950 dark:bg-red-950 dark:text-red-50"
          }
        >
          <p className="flex items-start gap-2 font-medium">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {polled.error}
          </p>
          <RetryButton onRetry={retry} label={props.retryLabel} busy={polled.busy} />
        </div>
      ) : polled.data === undefined ? (
        <Skeleton lines={props.skeletonLines} />
      ) : (
        <>
          {polled.error ? (
            <div
              role="alert"
              className={
                "mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 " +
                "p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              }
            >
              <span>{t("panels.showingLast", { error: polled.error })}</span>
              <RetryButton onRetry={retry} label={props.retryLabel} busy={polled.busy} />
            </div>
          ) : null}
          {props.children(polled.data)}
        </>
      )}
    </section>
  );
}
