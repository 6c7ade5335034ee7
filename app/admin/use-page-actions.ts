// How a staff page runs its calls: one at a time, through "Confirm it's you"
// when they need a recent sign-in, the server's refusal in the page's alert
// line and a success in its status line, then the page's data read again.
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { ApiResult } from "./api-request.ts";
import { useConfirmIdentity } from "./confirm-identity.tsx";

type Options<T> = {
  /** The call needs a recent sign-in. */
  confirm?: boolean;
  /** What the status line says when the call succeeds. */
  success: string | ((data: T) => string);
};

export type RunAction = <T>(call: () => Promise<ApiResult<T>>, options: Options<T>) => Promise<ApiResult<T>>;

export function usePageActions() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { withConfirmation, confirmDialog } = useConfirmIdentity();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const run: RunAction = async (call, options) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const result = options.confirm ? await withConfirmation(call) : await call();
      if (result.ok) {
        setStatus(typeof options.success === "string" ? options.success : options.success(result.data));
        await revalidator.revalidate();
      } else if (result.status === 403 && result.enrol) {
        // The team requires a second factor this account lacks: adding one is the way on.
        await navigate("/admin/account");
      } else {
        setError(result.error);
      }
      return result;
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, error, status, confirmDialog };
}
