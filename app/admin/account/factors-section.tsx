import { Fingerprint, Smartphone, Trash2 } from "lucide-react";
import { removeFactor, type Factor, type FactorAdded } from "../account-client.ts";
import { buttonClass, sectionClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { When } from "../when.tsx";
import { PasskeySetupForm } from "./passkey-setup.tsx";
import { TotpSetupPanel } from "./totp-setup.tsx";

type Props = { factors: Factor[]; run: RunAction; busy: boolean; onAdded: (added: FactorAdded) => void };

/** The account's authenticator apps and passkeys, and the ways to add or remove one. */
export function FactorsSection({ factors, run, busy, onAdded }: Props) {
  const remove = (factor: Factor) => {
    if (!window.confirm(`Remove the second factor "${factor.label}"? It will no longer sign you in.`)) return;
    void run(() => removeFactor(factor.id), { confirm: true, success: `"${factor.label}" is removed.` });
  };
  return (
    <section aria-labelledby="factors-heading" className={sectionClass}>
      <h2 id="factors-heading" className="text-lg font-bold">
        Second factors
      </h2>
      {factors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No second factor yet.</p>
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
                    ({factor.kind === "passkey" ? "passkey" : "authenticator app"}, added <When at={factor.createdAt} />
                    {factor.lastUsedAt ? (
                      <>
                        , last used <When at={factor.lastUsedAt} />
                      </>
                    ) : (
                      ", not used yet"
                    )}
                    )
                  </span>
                </span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => remove(factor)}
                aria-label={`Remove ${factor.label}`}
                className={buttonClass}
              >
                <Trash2 aria-hidden="true" className="size-4" /> Remove
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
