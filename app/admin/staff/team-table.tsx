import { isRole, ROLES, type Role } from "#shared/auth/permissions.ts";
import { useId, useState } from "react";
import { buttonClass, controlClass } from "../fields.tsx";
import { changeRole, resetFactors, setDisabled, type StaffMember } from "../staff-client.ts";
import type { RunAction } from "../use-page-actions.ts";
import { cellClass, ScrollTable } from "../scroll-table.tsx";

type Props = { staff: StaffMember[]; me: number; run: RunAction; busy: boolean };

const badge = "ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950 dark:bg-sky-900 dark:text-sky-50";
const cell = cellClass("middle");

/** The team: each account's role, status and second factors, and what the owner can do about them. */
export function TeamTable({ staff, me, run, busy }: Props) {
  return (
    <ScrollTable label="Team" headings={["Username", "E-mail", "Role", "Status", "Second factors", "Actions"]}>
      {staff.map((member) => (
        <MemberRow key={member.id} member={member} self={member.id === me} run={run} busy={busy} />
      ))}
    </ScrollTable>
  );
}

function MemberRow({ member, self, run, busy }: { member: StaffMember; self: boolean; run: RunAction; busy: boolean }) {
  const name = member.username;
  const toggle = () => {
    const disable = !member.disabled;
    if (disable && !window.confirm(`Disable ${name}? They are signed out and can no longer sign in.`)) return;
    void run(() => setDisabled(name, disable), {
      confirm: true,
      success: `${name} is ${disable ? "disabled" : "enabled"}.`,
    });
  };
  const reset = () => {
    if (
      !window.confirm(
        `Remove every second factor and recovery code of ${name}? They add new ones when they next sign in.`,
      )
    )
      return;
    void run(() => resetFactors(name), { confirm: true, success: `The second factors of ${name} are removed.` });
  };
  return (
    <tr>
      <th scope="row" className={`${cell} font-semibold`}>
        {name}
        {self ? <span className="font-normal"> (you)</span> : null}
      </th>
      <td className={`${cell} break-all`}>{member.email ?? "none given"}</td>
      <td className={cell}>{self ? member.role : <RoleForm member={member} run={run} busy={busy} />}</td>
      <td className={cell}>{member.disabled ? "disabled" : "active"}</td>
      <td className={cell}>
        {member.factors}
        {member.sso ? (
          <span className={badge} title="Signs in with single sign-on">
            SSO
          </span>
        ) : null}
      </td>
      <td className={cell}>
        {self ? null : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={toggle}
              aria-label={`${member.disabled ? "Enable" : "Disable"} ${name}`}
              className={buttonClass}
            >
              {member.disabled ? "Enable" : "Disable"}
            </button>
            {member.factors > 0 ? (
              <button
                type="button"
                disabled={busy}
                onClick={reset}
                aria-label={`Reset second factors of ${name}`}
                className={buttonClass}
              >
                Reset second factors
              </button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

/** A role select with its own Save, so a change is never sent by accident. */
function RoleForm({ member, run, busy }: { member: StaffMember; run: RunAction; busy: boolean }) {
  const [role, setRole] = useState<Role>(member.role);
  const id = useId();
  const save = () =>
    void run(() => changeRole(member.username, role), {
      confirm: true,
      success: `${member.username} is now ${role}.`,
    });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.username}
      </label>
      <select
        id={id}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
        className={`${controlClass} w-32`}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={busy || role === member.role}
        onClick={save}
        aria-label={`Save role of ${member.username}`}
        className={buttonClass}
      >
        Save
      </button>
    </div>
  );
}
