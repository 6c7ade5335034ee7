import { Fingerprint, Smartphone, Trash2 } from "lucide-react";
import { removeFactor, type Factor, type FactorAdded } from "../account-client.ts";
import { buttonClass, sectionClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { useStaffText } from "../staff-language.tsx";
import { When } from "../when.tsx";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { PasskeySetupForm } from "./passkey-setup.tsx";
import { TotpSetupPanel } from "./totp-setup.tsx";

type Props = { factors: Factor[]; run: RunAction; busy: boolean; onAdded: (added: FactorAdded) => void };

/** The account's authenticator apps and passkeys, and the ways to add or remove one. */
export function FactorsSection({ factors, run, busy, onAdded }: Props) {
  const { t } = useStaffText();
  const remove = (factor: Factor) => {
    if (!window.confirm(t("account.removeFactorConfirm", { label: factor.label }))) return;
    void run(() => removeFactor(factor.id), {
      confirm: true,
      success: t("account.factorRemoved", { label: factor.label }),
    });
  };
  return (
    <section aria-labelledby="factors-heading" className={sectionClass}>
      <h2 id="factors-heading" className="text-lg font-bold">
        {t("account.factors")}
      </h2>
      {factors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("account.noFactors")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {factors.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="flex items-center gap-2">
                {factor.kind === "passkey" ? (
                  <Fingerprint aria-hidden="true" className="size-5" />
                ) : (
                  <Smartphone aria-hidden="true" className="size-5" />
                )}
                <span>
                  <span className="font-semibold">{factor.label}</span>{" "}
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    <Interpolated
                      text={t(factor.lastUsedAt ? "account.factorUsed" : "account.factorNeverUsed", {
                        kind: t(factor.kind === "passkey" ? "account.kindPasskey" : "account.kindTotp"),
                      })}
                      slots={{
                        "{added}": <When at={factor.createdAt} />,
                        "{used}": factor.lastUsedAt ? <When at={factor.lastUsedAt} /> : null,
                      }}
                    />
                  </span>
                </span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => remove(factor)}
                aria-label={t("account.removeFactor", { label: factor.label })}
                className={buttonClass}
              >
                <Trash2 aria-hidden="true" className="size-4" /> {t("account.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 space-y-4">
        <TotpSetupPanel run={run} busy={busy} onAdded={onAdded} />
        <PasskeySetupForm run={run} busy={busy} onAdded={onAdded} />
      </div>
    </section>
  );
}
