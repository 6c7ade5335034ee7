import { ROLES, isRole, type Role } from "#shared/auth/permissions.ts";
import { isLanguage, LANGUAGES, type Language } from "#shared/i18n/languages.ts";
import { useState, type FormEvent } from "react";
import { buttonClass, Field, primaryButtonClass, SelectField } from "../fields.tsx";
import { inviteStaff, withdrawInvitation, type OpenInvitation } from "../staff-client.ts";
import { useStaffText } from "../staff-language.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { When } from "../when.tsx";
import { cellClass, ScrollTable } from "../scroll-table.tsx";

type Props = { invitations: OpenInvitation[]; run: RunAction; busy: boolean };

const cell = cellClass("middle");

const languageName = { en: "team.languageEn", de: "team.languageDe" } as const;

/** The invitations not yet accepted, each with a way to withdraw it. */
export function OpenInvitations({ invitations, run, busy }: Props) {
  const { t } = useStaffText();
  if (invitations.length === 0) return <p className="mt-2 text-sm">{t("team.noInvitations")}</p>;
  const headings = ["team.email", "team.role", "team.language", "team.invitedBy", "team.sent", "team.expires"] as const;
  return (
    <ScrollTable label={t("team.openInvitations")} headings={[...headings.map((key) => t(key)), t("team.actions")]}>
      {invitations.map((invitation) => (
        <tr key={invitation.id}>
          <th scope="row" className={`${cell} font-normal break-all`}>
            {invitation.email}
          </th>
          <td className={cell}>{invitation.role}</td>
          <td className={cell}>{t(languageName[invitation.language])}</td>
          <td className={cell}>{invitation.invitedBy ?? "–"}</td>
          <td className={`${cell} whitespace-nowrap`}>
            <When at={invitation.createdAt} stacked />
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            <When at={invitation.expiresAt} stacked />
          </td>
          <td className={cell}>
            <button
              type="button"
              disabled={busy}
              aria-label={t("team.withdrawName", { email: invitation.email })}
              onClick={() =>
                void run(() => withdrawInvitation(invitation.id), {
                  confirm: true,
                  success: t("team.withdrawn", { email: invitation.email }),
                })
              }
              className={buttonClass}
            >
              {t("team.withdraw")}
            </button>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** Invites a new staff member by e-mail; the link in the mail lasts 24 hours. */
export function InviteForm({ run, busy }: { run: RunAction; busy: boolean }) {
  const { t, lang } = useStaffText();
  const [email, setEmail] = useState("");
  // The mail's language: the inviter's (as the staff area shows it now) until another is chosen.
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? lang;
  // New accounts start least-privileged: a higher role is a deliberate choice.
  const [role, setRole] = useState<Role>("viewer");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = email.trim();
    const result = await run(() => inviteStaff(sent, role, language), {
      confirm: true,
      success: t("team.invited", { email: sent }),
    });
    setProblem(result.ok ? undefined : result.fields?.email);
    if (result.ok) setEmail("");
  };
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-start gap-3">
      <Field
        label={t("team.email")}
        type="email"
        autoComplete="off"
        required
        value={email}
        problem={problem}
        onChange={(event) => setEmail(event.target.value)}
        wrapperClass="w-72"
      />
      <SelectField
        label={t("team.role")}
        options={ROLES}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
        className="w-40"
      />
      <SelectField
        label={t("team.language")}
        options={LANGUAGES}
        optionLabel={(option) => (isLanguage(option) ? t(languageName[option]) : option)}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setChosen(event.target.value);
        }}
        className="w-40"
      />
      <button type="submit" disabled={busy || !email.trim()} className={`${primaryButtonClass} mt-6`}>
        {t("team.sendInvitation")}
      </button>
    </form>
  );
}
