// The sign-in's second step, after a right password: a code from an
// authenticator app, a recovery code, or a passkey, as the account allows.
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { signInWithPasskey, submitSecondFactor, type SecondFactorMethod, type SignInOutcome } from "./auth-client.ts";
import { buttonClass, ErrorMessage, Field, primaryButtonClass } from "./fields.tsx";
import { useStaffText } from "./staff-language.tsx";

type Props = {
  methods: SecondFactorMethod[];
  busy: boolean;
  error: string | null;
  /** Runs one sign-in call and acts on its outcome (the page's). */
  attempt: (call: () => Promise<SignInOutcome>) => Promise<void>;
  /** Back to the password step. */
  onRestart: () => void;
};

export function SecondFactorStep({ methods, busy, error, attempt, onRestart }: Props) {
  const { t } = useStaffText();
  const [recovery, setRecovery] = useState(!methods.includes("totp"));
  const [code, setCode] = useState("");
  const codeForm = methods.includes("totp") || methods.includes("recovery");
  const passkey = methods.includes("passkey");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void attempt(() => submitSecondFactor(code.trim()));
  };

  return (
    <div className="mt-6 space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {recovery ? t(passkey ? "signIn.recoveryOrPasskeyIntro" : "signIn.recoveryIntro") : t("signIn.codeIntro")}
      </p>
      {codeForm ? (
        <form method="post" onSubmit={submit} className="space-y-4">
          {/* A new field for each kind of code, so a switch puts the focus in it and empties it. */}
          <Field
            key={recovery ? "recovery" : "totp"}
            label={recovery ? t("signIn.recoveryCode") : t("signIn.authCode")}
            name="code"
            inputMode={recovery ? "text" : "numeric"}
            placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
            autoComplete={recovery ? "off" : "one-time-code"}
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <ErrorMessage>{error}</ErrorMessage>
          <button type="submit" disabled={busy || !code.trim()} className={`${primaryButtonClass} w-full`}>
            {busy ? t("signIn.verifying") : t("signIn.verify")}
          </button>
        </form>
      ) : (
        <ErrorMessage>{error}</ErrorMessage>
      )}
      {passkey ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void attempt(signInWithPasskey)}
          className={`${buttonClass} w-full`}
        >
          <KeyRound aria-hidden="true" className="size-5" />
          {t("signIn.usePasskey")}
        </button>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2">
        {methods.includes("recovery") && methods.includes("totp") ? (
          // Named for what a click does next: the switch goes both ways, so its label changes with it.
          <button
            type="button"
            onClick={() => {
              setRecovery((shown) => !shown);
              setCode("");
            }}
            className="min-h-11 cursor-pointer text-sm font-medium text-brand-700 underline dark:text-brand-300"
          >
            {recovery ? t("signIn.useCode") : t("signIn.useRecovery")}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onRestart}
          className="min-h-11 cursor-pointer text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t("signIn.restart")}
        </button>
      </div>
    </div>
  );
}
