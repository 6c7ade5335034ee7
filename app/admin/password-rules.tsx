import { Check, Circle, Info } from "lucide-react";
import { passwordRules } from "#shared/auth/password-rules.ts";
import { useStaffText } from "./staff-language.tsx";

/**
 * The rules of a new password, shown before anything is typed and ticked off while it is: a refusal after
 * submitting, one rule at a time, taught them by trial and error. The field points at the list
 * (aria-describedby), so a screen reader reads the rules with it.
 */
export function PasswordRules({ id, password, username }: { id: string; password: string; username?: string }) {
  const { t, lang } = useStaffText();
  return (
    <ul id={id} className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {passwordRules(password, username, lang).map((rule) => (
        <li key={rule.id} className="flex items-start gap-2" data-rule={rule.id} data-met={String(rule.met)}>
          {rule.met === null ? (
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : rule.met ? (
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
          ) : (
            <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            {rule.text}
            {rule.met === null ? null : (
              <span className="sr-only"> {rule.met ? t("account.ruleMet") : t("account.ruleNotMet")}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
