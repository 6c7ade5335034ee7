import type { Permission } from "#shared/auth/permissions.ts";
import { useState } from "react";
import { redirect } from "react-router";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { ErrorMessage, sectionClass, StatusMessage } from "#app/admin/fields.tsx";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { FullScreenSpinner } from "#app/admin/spinner.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { fetchTeam, saveTeamSettings, type Team } from "#app/admin/staff-client.ts";
import { InviteForm, OpenInvitations } from "#app/admin/staff/invitations.tsx";
import { TeamTable } from "#app/admin/staff/team-table.tsx";
import { usePageActions, type RunAction } from "#app/admin/use-page-actions.ts";
import type { Route } from "./+types/staff";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "staff:manage";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requirePermission(request, context, permission);
  return { user: session.user };
}

// The team comes from the API the page's buttons use, so both always agree.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [server, team] = await Promise.all([serverLoader(), fetchTeam()]);
  if (!team.ok && team.status === 401) throw redirect("/admin");
  // The team requires a second factor this account lacks: adding one comes first.
  if (!team.ok && team.status === 403 && team.enrol) throw redirect("/admin/account");
  return { ...server, team };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useStaffText();
  return <FullScreenSpinner label={t("team.loading")} />;
}

/** The team (owners only): roles, access and second factors of each account, invitations, the team's rule. */
export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { team, user } = loaderData;
  const actions = usePageActions();
  const { run, busy } = actions;
  const { t } = useStaffText();
  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: t("team.title") })}</title>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <BackToDashboard />
        <h1 className="mt-4 text-2xl font-bold">{t("team.title")}</h1>
        <div className="sticky top-0 z-10 mt-3 space-y-2">
          <ErrorMessage>{team.ok ? actions.error : team.error}</ErrorMessage>
          <StatusMessage>{actions.status}</StatusMessage>
        </div>
        {team.ok ? (
          <>
            <section aria-labelledby="team-heading" className={sectionClass}>
              <h2 id="team-heading" className="text-lg font-bold">
                {t("team.team")}
              </h2>
              <TeamTable staff={team.data.staff} me={user.id} run={run} busy={busy} />
            </section>
            <section aria-labelledby="invitations-heading" className={sectionClass}>
              <h2 id="invitations-heading" className="text-lg font-bold">
                {t("team.invitations")}
              </h2>
              <OpenInvitations invitations={team.data.invitations} run={run} busy={busy} />
              <h3 className="mt-4 font-semibold">{t("team.invite")}</h3>
              <InviteForm run={run} busy={busy} />
            </section>
            <TeamSettings team={team.data} run={run} busy={busy} />
          </>
        ) : null}
        {actions.confirmDialog}
      </main>
    </RouteGuard>
  );
}

/** The team's rule, saved as soon as it is switched. */
function TeamSettings({ team, run, busy }: { team: Team; run: RunAction; busy: boolean }) {
  // The switch shows the asked-for value while it is saved, then the server's.
  const { t } = useStaffText();
  const [asked, setAsked] = useState<boolean | null>(null);
  const save = async (requireSecondFactor: boolean) => {
    setAsked(requireSecondFactor);
    await run(() => saveTeamSettings(requireSecondFactor), {
      confirm: true,
      success: t(requireSecondFactor ? "team.requireOn" : "team.requireOff"),
    });
    setAsked(null);
  };
  return (
    <section aria-labelledby="settings-heading" className={sectionClass}>
      <h2 id="settings-heading" className="text-lg font-bold">
        {t("team.rules")}
      </h2>
      <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={asked ?? team.requireSecondFactor}
          disabled={busy}
          onChange={(event) => void save(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {t("team.requireFactor")}
      </label>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("team.requireFactorHint")}</p>
    </section>
  );
}
