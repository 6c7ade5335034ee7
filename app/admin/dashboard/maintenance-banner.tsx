// Under the dashboard's header, on every tab: whatever maintenance holds alert
// notices back now (who, why, until when), so nobody wonders why a failing
// service stays quiet.
import { Wrench } from "lucide-react";
import type { MaintenanceData } from "./dashboard.server.ts";

/** In the configuration's zone: the same on the server and in any browser. */
const time = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-GB", {
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });

export function MaintenanceBanner({ maintenance }: { maintenance: MaintenanceData | undefined }) {
  if (!maintenance) return null;
  const manual = maintenance.maintenance;
  const lines: string[] = [];
  if (manual.is_active) {
    const until = manual.ends_at
      ? `until ${time(manual.ends_at, maintenance.timezone)} (ends by itself)`
      : "until someone turns it off";
    lines.push(
      `Maintenance mode: ${manual.reason} — by ${manual.enabled_by}, ${until}. Alert notices are held back ` +
        `for everything monitored.`,
    );
  }
  for (const window of maintenance.windows) {
    const covers = window.services ? `for ${window.services.join(", ")}` : "for everything";
    lines.push(
      `Scheduled maintenance “${window.name}” until ${time(window.endsAt, maintenance.timezone)}: alert ` +
        `notices are held back ${covers}.`,
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className={
        "border-b border-amber-300 bg-amber-50 text-amber-950 " +
        "dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      }
    >
      <div className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm">
        <Wrench aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </div>
    </div>
  );
}
