import { isRole, ROLES, type Role } from "#shared/auth/permissions.ts";
import { useId, useState } from "react";
import { buttonClass, controlClass } from "../fields.tsx";
import { changeRole, resetFactors, setDisabled, type StaffMember } from "../staff-client.ts";
import { useStaffText } from "../staff-language.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { cellClass, ScrollTable } from "../scroll-table.tsx";

type Props = { staff: StaffMember[]; me: number; run: RunAction; busy: boolean };

const badge = "ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950 dark:bg-sky-900 dark:text-sky-50";
const cell = cellClass("middle");

/** The team: each account's role, status and second factors, and what the owner can do about them. */
export function TeamTable({ staff, me, run, busy }: Props) {
  const { t } = useStaffText();
  const headings = ["team.username", "team.email", "team.role", "team.status", "team.factors", "team.actions"] as const;
  return (
    <ScrollTable label={t("team.team")} headings={headings.map((key) => t(key))}>
      {staff.map((member) => (
        <MemberRow key={member.id} member={member} self={member.id === me} run={run} busy={busy} />
      ))}
    </ScrollTable>
  );
}

function MemberRow({ member, self, run, busy }: { member: StaffMember; self: boolean; run: RunAction; busy: boolean }) {
  const { t } = useStaffText();
  const name = member.username;
  const toggle = () => {
    const disable = !member.disabled;
    if (disable && !window.confirm(t("team.disableConfirm", { name }))) return;
    void run(() => setDisabled(name, disable), {
      confirm: true,
      success: t(disable ? "team.disabledDone" : "team.enabledDone", { name }),
    });
  };
  const reset = () => {
    if (!window.confirm(t("team.resetConfirm", { name }))) return;
    void run(() => resetFactors(name), { confirm: true, success: t("team.resetDone", { name }) });
  };
  return (
    <tr>
      <th scope="row" className={`${cell} font-semibold`}>
        {name}
        {self ? <span className="font-normal"> {t("team.you")}</span> : null}
      </th>
      {/* An address may break anywhere; the words standing in for none must not ("keine angegeben"). */}
      <td className={member.email ? `${cell} break-all` : cell}>{member.email ?? t("team.noEmail")}</td>
      <td className={cell}>{self ? member.role : <RoleForm member={member} run={run} busy={busy} />}</td>
      <td className={cell}>{member.disabled ? t("team.disabled") : t("team.active")}</td>
      <td className={cell}>
        {member.factors}
        {member.sso ? (
          <span className={badge} title={t("team.ssoTitle")}>
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
              aria-label={t(member.disabled ? "team.enableName" : "team.disableName", { name })}
              className={buttonClass}
            >
              {member.disabled ? t("team.enable") : t("team.disable")}
            </button>
            {member.factors > 0 ? (
              <button
                type="button"
                disabled={busy}
                onClick={reset}
                aria-label={t("team.resetName", { name })}
                className={buttonClass}
              >
                {t("team.reset")}
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
  const { t } = useStaffText();
  const [role, setRole] = useState<Role>(member.role);
  const id = useId();
  const name = member.username;
  const save = () =>
    void run(() => changeRole(name, role), { confirm: true, success: t("team.roleChanged", { name, role }) });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("team.roleOf", { name })}
      </label>
      <select
        id={id}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
        className={`${controlClass} w-36`}
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
        aria-label={t("team.saveRole", { name })}
        className={buttonClass}
      >
        {t("team.save")}
      </button>
    </div>
  );
}
