// The footer's texts: how often checks run, where alerts go, that
// recoveries are mailed too, and while auto-refresh is on, when the next
// check is due.
import type { HealthData } from "./dashboard.server.ts";
import { useNow } from "./use-now.ts";

function every(seconds: number): string {
  if (seconds === 60) return "every minute";
  return seconds % 60 === 0 ? `every ${seconds / 60} minutes` : `every ${seconds} seconds`;
}

export function DashboardFooter({ health, autoRefresh, user }: { health: HealthData | undefined; autoRefresh: boolean; user: string }) {
  const now = useNow();
  const next = health?.nextCheckAt ? Math.max(0, Math.ceil((Date.parse(health.nextCheckAt) - now) / 1000)) : null;
  return (
    <footer className="mx-auto max-w-7xl px-4 pb-8 text-sm text-slate-600 dark:text-slate-300">
      <p>
        Health checks run {every(health?.intervalSeconds ?? 60)}. Alerts go to {health?.alertsTo ?? "the admin distribution address"}. Recovery notifications are included.
        {autoRefresh && next !== null ? <span data-testid="next-check"> Next check in {next}s.</span> : null}
      </p>
      <p className="mt-1">Signed in as {user}.{health?.demo ? " Demo mode: the fleet is simulated." : ""}</p>
    </footer>
  );
}
