import { useState, type FormEvent } from "react";
import { addPasskey, type FactorAdded } from "../account-client.ts";
import { buttonClass, Field } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { useWebAuthnSupport } from "../use-webauthn-support.ts";
import { useStaffText } from "../staff-language.tsx";

type Props = { run: RunAction; busy: boolean; onAdded: (added: FactorAdded) => void };

/** Adding a passkey under a label: the browser asks for it, the server keeps it. */
export function PasskeySetupForm({ run, busy, onAdded }: Props) {
  const { t } = useStaffText();
  const [label, setLabel] = useState("");
  const supported = useWebAuthnSupport();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => addPasskey(label.trim()), { confirm: true, success: t("account.passkeyAdded") });
    if (!result.ok) return;
    setLabel("");
    onAdded(result.data);
  };

  if (supported === false) return <p className="text-sm">{t("account.noPasskeys")}</p>;
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
      <Field
        label={t("account.passkeyLabel")}
        placeholder={t("account.passkeyPlaceholder")}
        required
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        wrapperClass="w-64"
      />
      <button type="submit" disabled={busy || !label.trim()} className={buttonClass}>
        {t("account.addPasskey")}
      </button>
    </form>
  );
}
