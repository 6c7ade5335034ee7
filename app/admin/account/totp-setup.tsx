import { useState, type FormEvent } from "react";
import { finishTotpSetup, startTotpSetup, type FactorAdded, type TotpSetup } from "../account-client.ts";
import { buttonClass, Field, primaryButtonClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { useStaffText } from "../staff-language.tsx";
import { Interpolated } from "#app/components/status/interpolated.tsx";

type Props = { run: RunAction; busy: boolean; onAdded: (added: FactorAdded) => void };

/** Adding an authenticator app: the QR code (or the secret to type in), then a code from the app to prove it. */
export function TotpSetupPanel({ run, busy, onAdded }: Props) {
  const { t } = useStaffText();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [label, setLabel] = useState(() => t("account.totpDefaultLabel"));

  const start = async () => {
    const result = await run(startTotpSetup, {
      confirm: true,
      success: t("account.totpScan"),
    });
    if (result.ok) setSetup(result.data);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!setup) return;
    const result = await run(() => finishTotpSetup(setup.setupId, code.trim(), label.trim()), {
      confirm: true,
      success: t("account.totpAdded"),
    });
    if (!result.ok) return;
    setSetup(null);
    setCode("");
    onAdded(result.data);
  };

  if (!setup)
    return (
      <button type="button" disabled={busy} onClick={() => void start()} className={buttonClass}>
        {t("account.addTotp")}
      </button>
    );
  return (
    <form method="post" onSubmit={(event) => void verify(event)} className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <div
        role="img"
        aria-label={t("account.totpQr")}
        className="size-48 rounded-md bg-white p-2 [&>svg]:size-full"
        // The server renders the QR code as plain SVG shapes; an <img> of it would need a data: URL the CSP refuses.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div className="grid content-start gap-4">
        <p className="text-sm">
          <Interpolated
            text={t("account.totpKey")}
            slots={{ "{secret}": <code className="font-mono break-all select-all">{setup.secret}</code> }}
          />
        </p>
        <Field
          label={t("account.authCode")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Field label={t("account.label")} required value={label} onChange={(event) => setLabel(event.target.value)} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy || !code.trim() || !label.trim()} className={primaryButtonClass}>
            {t("account.verify")}
          </button>
          <button type="button" onClick={() => setSetup(null)} className={buttonClass}>
            {t("account.cancel")}
          </button>
        </div>
      </div>
    </form>
  );
}
