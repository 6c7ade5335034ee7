// The calls that change how staff sign in need a recent sign-in. When one is
// refused for want of it (403 with `confirm: true`), this asks "Confirm it's
// you" in a native dialog, proves it to /api/auth/confirm and tries the call
// once more; cancelled, the call's refusal stands and nothing was changed.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ApiResult } from "./api-request.ts";
import { confirmIdentity } from "./auth-client.ts";
import { buttonClass, ErrorMessage, Field, primaryButtonClass } from "./fields.tsx";

export type WithConfirmation = <T>(call: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

/** `withConfirmation(call)` runs a call that may need a recent sign-in; render `confirmDialog` once on the page. */
export function useConfirmIdentity() {
  const [waiting, setWaiting] = useState<((confirmed: boolean) => void) | null>(null);

  const withConfirmation: WithConfirmation = useCallback(async (call) => {
    const first = await call();
    if (first.ok || first.status !== 403 || !first.confirm) return first;
    const confirmed = await new Promise<boolean>((resolve) => setWaiting(() => resolve));
    if (confirmed) return call();
    return { ...first, error: "Nothing was changed: confirming it's you was cancelled." };
  }, []);

  const done = (confirmed: boolean) => {
    waiting?.(confirmed);
    setWaiting(null);
  };
  return { withConfirmation, confirmDialog: <ConfirmDialog open={waiting !== null} onDone={done} /> };
}

function ConfirmDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const finish = (confirmed: boolean) => {
    setPassword("");
    setCode("");
    setError(null);
    onDone(confirmed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await confirmIdentity(password ? { password } : { code: code.trim() });
    setBusy(false);
    if (result.ok) finish(true);
    else if (result.status === 401) setError("That password or code is not right. Please try again.");
    else setError(result.error);
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
      <form method="post" onSubmit={(event) => void submit(event)} className="space-y-4">
        <h2 id={titleId} className="text-xl font-bold">
          Confirm it&rsquo;s you
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This change needs a recent sign-in. Enter your password, or a code from your authenticator app.
        </p>
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          label="Or an authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <ErrorMessage>{error}</ErrorMessage>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy || (!password && !code.trim())} className={primaryButtonClass}>
            {busy ? "Confirming..." : "Confirm"}
          </button>
          <button type="button" onClick={() => finish(false)} className={buttonClass}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
