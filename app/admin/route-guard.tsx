import { useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { fetchSession } from "./auth-client.ts";
import { FullScreenSpinner } from "./spinner.tsx";
import { useStaffText } from "./staff-language.tsx";

/**
 * The staff area's route guard: "Validating access..." while the session is
 * checked, then the page, or a move to the sign-in page that replaces the
 * history entry. (The server has checked the session too before sending it.)
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useStaffText();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let active = true;
    fetchSession()
      .then((session) => {
        if (!active) return;
        if (session) setAllowed(true);
        else void navigate("/admin", { replace: true });
      })
      .catch((error: unknown) => {
        console.warn("Session validation failed", error);
        if (active) void navigate("/admin", { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate]);
  return allowed ? children : <FullScreenSpinner label={t("signIn.validating")} />;
}
