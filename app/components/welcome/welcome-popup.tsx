import { lazy, Suspense, useEffect, useState } from "react";
import { WELCOME_SESSION_KEY } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "#app/components/browser-storage.ts";
import { useConsentState } from "#app/components/consent/consent-store.ts";

export const WELCOME_DELAY_MS = 1_000;
export const WELCOME_AUTO_CLOSE_MS = 10_000;

const loadDialog = () => import("./welcome-dialog.tsx");
const WelcomeDialog = lazy(loadDialog);

/**
 * Shows the welcome dialog 1 s after the first page of a browser session, once
 * per session, and closes it after 10 s. It waits until the consent dialog has
 * been answered, so it never covers it. The dialog's code loads only then.
 */
export function WelcomePopup() {
  const { ready, record, settingsOpen } = useConsentState();
  const answered = ready && record !== null && !settingsOpen;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!answered || readStorage("session", WELCOME_SESSION_KEY)) return;
    void loadDialog();
    const timer = setTimeout(() => {
      writeStorage("session", WELCOME_SESSION_KEY, "true");
      setOpen(true);
    }, WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answered]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), WELCOME_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
