// The calls that change how staff sign in need a recent sign-in. When one is
// refused for want of it (403 with `confirm: true`), this asks "Confirm it's
// you" in a native dialog, proves it to /api/auth/confirm and tries the call
// once more; cancelled, the call's refusal stands and nothing was changed.
// A person with a second factor proves it with that factor (an authenticator
// code, a recovery code or a passkey): a password alone would let whoever
// holds a stolen session and the password change the factors. A person
// without one gives the password.
import { KeyRound } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ApiFailure, ApiResult } from "./api-request.ts";
import { confirmIdentity, confirmMethods, confirmWithPasskey, type ConfirmMethod } from "./auth-client.ts";
import { buttonClass, ErrorMessage, Field, primaryButtonClass } from "./fields.tsx";
import { throttledMessage } from "./throttled-message.ts";
import { useWebAuthnSupport } from "./use-webauthn-support.ts";
import { useStaffText, type StaffTextValue } from "./staff-language.tsx";

export type WithConfirmation = <T>(call: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

/** `withConfirmation(call)` runs a call that may need a recent sign-in; render `confirmDialog` once on the page. */
export function useConfirmIdentity() {
  const { t } = useStaffText();
  const [waiting, setWaiting] = useState<((confirmed: boolean) => void) | null>(null);

  const withConfirmation: WithConfirmation = useCallback(
    async (call) => {
      const first = await call();
      if (first.ok || first.status !== 403 || !first.confirm) return first;
      const confirmed = await new Promise<boolean>((resolve) => setWaiting(() => resolve));
      if (confirmed) return call();
      return { ...first, error: t("confirm.cancelled") };
    },
    [t],
  );

  const done = (confirmed: boolean) => {
    waiting?.(confirmed);
    setWaiting(null);
  };
  return { withConfirmation, confirmDialog: <ConfirmDialog open={waiting !== null} onDone={done} /> };
}

/** What a refused proof says to the person. */
function failureText(result: ApiFailure, proof: "password" | "code" | "passkey", { lang, t }: StaffTextValue): string {
  if (result.status === 429) return throttledMessage(result.retryAfterSeconds ?? 60, result.reason, lang);
  if (result.status === 401 && proof === "password") return t("confirm.wrongPassword");
  if (result.status === 401 && proof === "code") return t("confirm.wrongCode");
  return result.error;
}

/** The proofs this account takes, asked of the server when the dialog opens (null until it answers; reset on close). */
function useConfirmMethods(open: boolean) {
  const [methods, setMethods] = useState<ConfirmMethod[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void confirmMethods().then((result) => {
      // Should the question fail, the proof is asked for as the account's factors allow: a code covers both cases.
      if (current) setMethods(result.ok ? result.data.methods : ["totp", "recovery"]);
    });
    return () => {
      current = false;
    };
  }, [open]);
  return [methods, setMethods] as const;
}

function ConfirmDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [methods, setMethods] = useConfirmMethods(open);
  const [secret, setSecret] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passkeys = useWebAuthnSupport();
  const text = useStaffText();
  const { t } = text;

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const finish = (confirmed: boolean) => {
    setSecret("");
    setError(null);
    // Asked again next time: a factor may be added or removed in between.
    setMethods(null);
    onDone(confirmed);
  };

  const withPassword = methods?.includes("password") ?? false;
  const prove = async (proof: "password" | "code" | "passkey") => {
    setBusy(true);
    setError(null);
    const result =
      proof === "passkey"
        ? await confirmWithPasskey()
        : await confirmIdentity(proof === "password" ? { password: secret } : { code: secret.trim() });
    setBusy(false);
    if (result.ok) return finish(true);
    // A factor added meanwhile (another tab): the server names the proofs it now takes.
    if (result.methods) setMethods(result.methods as ConfirmMethod[]);
    setError(failureText(result, proof, text));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void prove(withPassword ? "password" : "code");
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={() => finish(false)}
      className={
        "m-auto w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-lg " +
        "backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      }
    >
      <form method="post" onSubmit={submit} className="space-y-4">
        <h2 id={titleId} className="text-xl font-bold">
          {t("confirm.title")}
        </h2>
        {methods === null ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("confirm.asking")}</p>
        ) : (
          <ProofFields methods={methods} secret={secret} onSecret={setSecret} />
        )}
        <ErrorMessage>{error}</ErrorMessage>
        {methods?.includes("passkey") && passkeys !== false ? (
          <button
            type="button"
            disabled={busy || passkeys === null}
            onClick={() => void prove("passkey")}
            className={`${buttonClass} w-full`}
          >
            <KeyRound aria-hidden="true" className="size-5" />
            {t("confirm.usePasskey")}
          </button>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy || methods === null || !secret.trim()} className={primaryButtonClass}>
            {busy ? t("confirm.confirming") : t("confirm.confirm")}
          </button>
          <button type="button" onClick={() => finish(false)} className={buttonClass}>
            {t("confirm.cancel")}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The field of the proof the account takes: its password, or a code of its second factor. */
function ProofFields(props: { methods: ConfirmMethod[]; secret: string; onSecret: (value: string) => void }) {
  const { methods, secret, onSecret } = props;
  const { t } = useStaffText();
  if (methods.includes("password"))
    return (
      <>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("confirm.enterPassword")}</p>
        <Field
          label={t("confirm.password")}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={secret}
          onChange={(event) => onSecret(event.target.value)}
        />
      </>
    );
  const app = methods.includes("totp");
  // Whole sentences per case: a list joined from pieces would read wrong in German.
  const passkey = methods.includes("passkey");
  const ways = app
    ? passkey
      ? "confirm.withAppRecoveryPasskey"
      : "confirm.withAppRecovery"
    : passkey
      ? "confirm.withRecoveryPasskey"
      : "confirm.withRecovery";
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(ways)}</p>
      <Field
        label={app ? t("confirm.codeLabel") : t("confirm.recoveryLabel")}
        autoComplete={app ? "one-time-code" : "off"}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={secret}
        onChange={(event) => onSecret(event.target.value)}
      />
    </>
  );
}
