import { createRecoveryCodes } from "../account-client.ts";
import { buttonClass, sectionClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { useStaffText } from "../staff-language.tsx";

type Props = {
  left: number;
  /** New codes from the last call that returned some: shown this once. */
  codes: string[] | null;
  onCodes: (codes: string[]) => void;
  run: RunAction;
  busy: boolean;
};

/** How many recovery codes are left, a way to replace them, and new ones, shown once. */
export function RecoveryCodesSection({ left, codes, onCodes, run, busy }: Props) {
  const { t } = useStaffText();
  const replace = async () => {
    if (left > 0 && !window.confirm(t("account.recoveryConfirm"))) return;
    const result = await run(createRecoveryCodes, { confirm: true, success: t("account.recoveryReady") });
    if (result.ok) onCodes(result.data.recoveryCodes);
  };
  return (
    <section aria-labelledby="recovery-heading" className={sectionClass}>
      <h2 id="recovery-heading" className="text-lg font-bold">
        {t("account.recoveryCodes")}
      </h2>
      <p className="mt-2 text-sm">
        {t(left === 1 ? "account.recoveryLeft.one" : "account.recoveryLeft.other", { n: left })}
      </p>
      {codes ? <NewCodes codes={codes} /> : null}
      <button type="button" disabled={busy} onClick={() => void replace()} className={`${buttonClass} mt-3`}>
        {t("account.recoveryCreate")}
      </button>
    </section>
  );
}

function NewCodes({ codes }: { codes: string[] }) {
  const { t } = useStaffText();
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <p className="text-sm font-semibold">{t("account.recoveryNew")}</p>
      <ul
        aria-label={t("account.recoveryNewList")}
        className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
