import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { signOut } from "../auth-client.ts";
import { buttonClass } from "../fields.tsx";
import { useStaffText } from "../staff-language.tsx";

/**
 * Signs out from the account page: someone held here until they add a second factor must still be able to
 * leave (the staff area's other forms need JavaScript too, so this one does as well).
 */
export function SignOutButton() {
  const navigate = useNavigate();
  const { t } = useStaffText();
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      // Leaving must always work: the failure is logged and the page goes to the sign-in all the same.
      console.warn("Sign-out failed", error);
    }
    await navigate("/admin", { replace: true });
  };
  return (
    <button type="button" disabled={busy} onClick={() => void leave()} className={buttonClass}>
      <LogOut aria-hidden="true" className="size-4" />
      {busy ? t("signIn.signingOut") : t("signIn.signOut")}
    </button>
  );
}
