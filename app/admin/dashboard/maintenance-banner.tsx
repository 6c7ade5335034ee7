// Under the dashboard's header, on every tab: whatever maintenance holds alert
// notices back now (who, why, until when), so nobody wonders why a failing
// service stays quiet.
import { Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { MaintenanceData } from "./dashboard.server.ts";
import { When } from "../when.tsx";

export function MaintenanceBanner({ maintenance }: { maintenance: MaintenanceData | undefined }) {
  const { t } = useStaffText();
  if (!maintenance) return null;
  const manual = maintenance.maintenance;
  const lines: { key: string; text: ReactNode }[] = [];
  if (manual.is_active) {
    const who = { reason: manual.reason ?? "", name: manual.enabled_by ?? "" };
    lines.push({
      key: "manual",
      text: manual.ends_at ? (
        <Interpolated
          text={t("panels.banner.manualUntil", who)}
          slots={{ "{until}": <When at={manual.ends_at} style="weekday-time" /> }}
        />
      ) : (
        t("panels.banner.manual", who)
      ),
    });
  }
  for (const window of maintenance.windows) {
    const key = window.services ? "panels.banner.windowFor" : "panels.banner.window";
    lines.push({
      key: `${window.name}-${window.endsAt}`,
      text: (
        <Interpolated
          text={t(key, { name: window.name, services: window.services?.join(", ") ?? "" })}
          slots={{ "{until}": <When at={window.endsAt} style="weekday-time" /> }}
        />
      ),
    });
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
            <p key={line.key}>{line.text}</p>
          ))}
        </div>
      </div>
    </div>
  );
}
