// Status badges and the health score bar, coloured by score (scoreBand).
import { scoreBand } from "#shared/monitor/health.ts";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";

const TONES = {
  green: "bg-green-100 text-green-950 dark:bg-green-900 dark:text-green-50",
  amber: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  orange: "bg-orange-100 text-orange-950 dark:bg-orange-900 dark:text-orange-50",
  red: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
  slate: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
  blue: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
} as const;
export type Tone = keyof typeof TONES;

const STATUS_TONES: Record<string, Tone> = {
  healthy: "green",
  degraded: "amber",
  warning: "amber",
  unhealthy: "red",
  critical: "red",
  error: "red",
  unknown: "slate",
  UP: "green",
  DOWN: "red",
  MAINT: "blue",
  DRAIN: "amber",
  "NO CHECK": "slate",
  UNKNOWN: "slate",
  open: "red",
  "half-open": "amber",
};

export function Badge({ tone, children, title }: { tone: Tone; children: React.ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** The words of the states the monitor gives; HAProxy's own (UP, DOWN, MAINT...) stay as HAProxy writes them. */
const STATUS_WORDS: Record<string, StaffKey> = {
  healthy: "panels.status.healthy",
  degraded: "panels.status.degraded",
  warning: "panels.status.warning",
  unhealthy: "panels.status.unhealthy",
  critical: "panels.status.critical",
  error: "panels.status.error",
  unknown: "panels.status.unknown",
  open: "panels.status.open",
  "half-open": "panels.status.halfOpen",
};

/** A status word in its colour, in the staff language; anything unknown is grey and shown as given. */
export function StatusBadge({ status, title }: { status: string; title?: string }) {
  const { t } = useStaffText();
  const word = STATUS_WORDS[status];
  return (
    <Badge tone={STATUS_TONES[status] ?? "slate"} title={title}>
      {word ? t(word) : status}
    </Badge>
  );
}

const BAR = { green: "bg-green-600", yellow: "bg-yellow-500", orange: "bg-orange-500", red: "bg-red-600" } as const;

/** "n/100" with a bar coloured by band: 80 and up green, 60 yellow, 40 orange, below red. */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  const band = scoreBand(score);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{score}/100</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-2 rounded ${BAR[band]}`} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
      </div>
    </div>
  );
}

/** Small labelled figures in a row (response, health, failures...). */
export function Figures({
  items,
  className = "grid-cols-3",
}: {
  items: readonly (readonly [string, React.ReactNode])[];
  className?: string;
}) {
  return (
    <dl className={`mt-2 grid gap-2 text-sm ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
          <dd className="font-medium break-words tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
