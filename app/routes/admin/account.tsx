import type { Permission } from "#shared/auth/permissions.ts";
import { useState } from "react";
import { redirect } from "react-router";
import { fetchAccount, type Account, type FactorAdded } from "#app/admin/account-client.ts";
import { FactorsSection } from "#app/admin/account/factors-section.tsx";
import { PasswordSection } from "#app/admin/account/password-section.tsx";
import { RecoveryCodesSection } from "#app/admin/account/recovery-codes.tsx";
import { SessionsSection } from "#app/admin/account/sessions-section.tsx";
import { SignOutButton } from "#app/admin/account/sign-out-button.tsx";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { ErrorMessage, StatusMessage } from "#app/admin/fields.tsx";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { FullScreenSpinner } from "#app/admin/spinner.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { usePageActions } from "#app/admin/use-page-actions.ts";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import type { Route } from "./+types/account";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "account:self";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requirePermission(request, context, permission);
  return { user: session.user };
}

// The account's factors and sessions come from the API the page's buttons use, so both always agree.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [server, account] = await Promise.all([serverLoader(), fetchAccount()]);
  if (!account.ok && account.status === 401) throw redirect("/admin");
  return { ...server, account };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useStaffText();
  return <FullScreenSpinner label={t("account.loading")} />;
}

/** One's own account: password, second factors, recovery codes and sessions (every role). */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const actions = usePageActions();
  const { t } = useStaffText();
  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: t("account.title") })}</title>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <div className="flex min-h-11 flex-wrap items-center gap-3">
          {account.ok && account.data.mustEnrol ? null : <BackToDashboard />}
          <div className="ml-auto">
            <SignOutButton />
          </div>
        </div>
        <h1 className="mt-4 text-2xl font-bold">{t("account.title")}</h1>
        <div className="sticky top-0 z-10 mt-3 space-y-2">
          <ErrorMessage>{account.ok ? actions.error : account.error}</ErrorMessage>
          <StatusMessage>{actions.status}</StatusMessage>
        </div>
        {account.ok ? <AccountSections account={account.data} actions={actions} /> : null}
        {actions.confirmDialog}
      </main>
    </RouteGuard>
  );
}

function AccountSections({ account, actions }: { account: Account; actions: ReturnType<typeof usePageActions> }) {
  const { run, busy } = actions;
  const { t } = useStaffText();
  // Recovery codes are shown once, when a call returns them: kept here, not in the data read again after each call.
  const [codes, setCodes] = useState<string[] | null>(null);
  const onAdded = (added: FactorAdded) => {
    if (added.recoveryCodes) setCodes(added.recoveryCodes);
  };
  return (
    <>
      {account.mustEnrol ? (
        <p
          role="note"
          className="mt-4 rounded-md bg-amber-50 p-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          {t("account.mustEnrol")}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        <Interpolated
          text={t("account.signedInAs", {
            email: account.user.email ?? t("account.noEmail"),
            role: account.user.role,
          })}
          slots={{ "{username}": <span className="font-semibold">{account.user.username}</span> }}
        />
      </p>
      <PasswordSection sso={account.sso} username={account.user.username} run={run} busy={busy} />
      <FactorsSection factors={account.factors} run={run} busy={busy} onAdded={onAdded} />
      <RecoveryCodesSection left={account.recoveryCodesLeft} codes={codes} onCodes={setCodes} run={run} busy={busy} />
      <SessionsSection sessions={account.sessions} run={run} busy={busy} />
    </>
  );
}
