import { ROLES, isRole, type Role } from "#shared/auth/permissions.ts";
import { useState, type FormEvent } from "react";
import { buttonClass, Field, primaryButtonClass, SelectField } from "../fields.tsx";
import { inviteStaff, withdrawInvitation, type OpenInvitation } from "../staff-client.ts";
import type { RunAction } from "../use-page-actions.ts";
import { When } from "../when.tsx";
import { cellClass, ScrollTable } from "../scroll-table.tsx";

type Props = { invitations: OpenInvitation[]; run: RunAction; busy: boolean };

const cell = cellClass("middle");

/** The invitations not yet accepted, each with a way to withdraw it. */
export function OpenInvitations({ invitations, run, busy }: Props) {
  if (invitations.length === 0) return <p className="mt-2 text-sm">No open invitations.</p>;
  return (
    <ScrollTable label="Open invitations" headings={["E-mail", "Role", "Invited by", "Sent", "Expires", "Actions"]}>
      {invitations.map((invitation) => (
        <tr key={invitation.id}>
          <th scope="row" className={`${cell} font-normal break-all`}>
            {invitation.email}
          </th>
          <td className={cell}>{invitation.role}</td>
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
              aria-label={`Withdraw the invitation to ${invitation.email}`}
              onClick={() =>
                void run(() => withdrawInvitation(invitation.id), {
                  confirm: true,
                  success: `The invitation to ${invitation.email} is withdrawn.`,
                })
              }
              className={buttonClass}
            >
              Withdraw
            </button>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** Invites a new staff member by e-mail; the link in the mail lasts 24 hours. */
export function InviteForm({ run, busy }: { run: RunAction; busy: boolean }) {
  const [email, setEmail] = useState("");
  // New accounts start least-privileged: a higher role is a deliberate choice.
  const [role, setRole] = useState<Role>("viewer");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = email.trim();
    const result = await run(() => inviteStaff(sent, role), {
      confirm: true,
      success: `An invitation is on its way to ${sent}.`,
    });
    setProblem(result.ok ? undefined : result.fields?.email);
    if (result.ok) setEmail("");
  };
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-start gap-3">
      <Field
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        value={email}
        problem={problem}
        onChange={(event) => setEmail(event.target.value)}
        wrapperClass="w-72"
      />
      <SelectField
        label="Role"
        options={ROLES}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
        className="w-40"
      />
      <button type="submit" disabled={busy || !email.trim()} className={`${primaryButtonClass} mt-6`}>
        Send invitation
      </button>
    </form>
  );
}
