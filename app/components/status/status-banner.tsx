import { CircleAlert, CircleCheck, CircleHelp, CircleX, Wrench } from "lucide-react";
import type { OverallState } from "#shared/status/public-status.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { Interpolated } from "./interpolated.tsx";
import { StatusTime } from "./status-time.tsx";

const LOOK: Record<OverallState, { Icon: typeof CircleCheck; className: string }> = {
  operational: {
    Icon: CircleCheck,
    className: "border-green-700 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-50",
  },
  degraded: {
    Icon: CircleAlert,
    className: "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
  },
  "partial-outage": {
    Icon: CircleAlert,
    className:
      "border-orange-700 bg-orange-50 text-orange-950 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-50",
  },
  "major-outage": {
    Icon: CircleX,
    className: "border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50",
  },
  maintenance: {
    Icon: Wrench,
    className: "border-blue-700 bg-blue-50 text-blue-950 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-50",
  },
  unknown: {
    Icon: CircleHelp,
    className: "border-slate-500 bg-slate-50 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-50",
  },
};

/** The one line a visitor comes for: is everything working? */
export function StatusBanner({
  overall,
  generatedAt,
  timeZone,
}: {
  overall: OverallState;
  generatedAt: string;
  timeZone: string;
}) {
  const { t } = useLanguage();
  const { Icon, className } = LOOK[overall];
  return (
    <div
      className={`mt-8 flex flex-wrap items-center gap-3 rounded-lg border-l-4 px-5 py-4 ${className}`}
      data-overall={overall}
    >
      <Icon aria-hidden="true" className="size-7 shrink-0" />
      <p className="text-xl font-bold">{t(`status.banner.${overall}` as const)}</p>
      <p className="text-sm sm:ml-auto">
        <Interpolated
          text={t("status.updated")}
          slots={{ "{time}": <StatusTime at={generatedAt} timeZone={timeZone} /> }}
        />
      </p>
    </div>
  );
}
