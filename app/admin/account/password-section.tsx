import { useState, type FormEvent } from "react";
import { changePassword } from "../account-client.ts";
import { Field, primaryButtonClass, sectionClass } from "../fields.tsx";
import { PasswordRules } from "../password-rules.tsx";
import { useStaffText } from "../staff-language.tsx";
import type { RunAction } from "../use-page-actions.ts";

/** Changing one's password; the server's messages about either field show beside it. */
type Props = { sso: boolean; username: string; run: RunAction; busy: boolean };

export function PasswordSection({ sso, username, run, busy }: Props) {
  const { t } = useStaffText();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => changePassword(current, next), {
      success: t("account.passwordChanged"),
    });
    setProblems(result.ok ? {} : (result.fields ?? {}));
    if (result.ok) {
      setCurrent("");
      setNext("");
    }
  };

  return (
    <section aria-labelledby="password-heading" className={sectionClass}>
      <h2 id="password-heading" className="text-lg font-bold">
        {t("account.password")}
      </h2>
      {sso ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("account.passwordSso")}</p>
      ) : (
        <form method="post" onSubmit={(event) => void submit(event)} className="mt-3 grid max-w-md gap-4">
          <Field
            label={t("account.currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            problem={problems.current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <Field
            label={t("account.newPassword")}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            problem={problems.next}
            hint={(id) => <PasswordRules id={id} password={next} username={username} />}
            onChange={(event) => setNext(event.target.value)}
          />
          <button
            type="submit"
            disabled={busy || !current || !next}
            className={`${primaryButtonClass} justify-self-start`}
          >
            {t("account.changePassword")}
          </button>
        </form>
      )}
    </section>
  );
}
