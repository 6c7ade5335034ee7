// The welcome popup opens 1 s after the first page of a browser session, once
// per session, and closes itself after 10 s. It waits until the consent banner
// has been answered, so it never covers it.
import { WELCOME_SESSION_KEY } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "#app/components/browser-storage.ts";
import { onConsentChange } from "./consent-state.ts";
import { WELCOME_DIALOG_ATTRIBUTE } from "./markup.ts";

export const WELCOME_DELAY_MS = 1_000;
export const WELCOME_AUTO_CLOSE_MS = 10_000;

export function enhanceWelcome(): void {
  const dialog = document.querySelector<HTMLDialogElement>(`dialog[${WELCOME_DIALOG_ATTRIBUTE}]`);
  if (!dialog) return;
  let scheduled = false;
  onConsentChange(({ record, settingsOpen }) => {
    if (scheduled || !record || settingsOpen || readStorage("session", WELCOME_SESSION_KEY)) return;
    scheduled = true;
    setTimeout(() => {
      writeStorage("session", WELCOME_SESSION_KEY, "true");
      dialog.showModal();
      const autoClose = setTimeout(() => dialog.close(), WELCOME_AUTO_CLOSE_MS);
      dialog.addEventListener("close", () => clearTimeout(autoClose), { once: true });
    }, WELCOME_DELAY_MS);
  });
  // A click on the backdrop closes it. The content fills the dialog, so only the backdrop targets the dialog itself.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}
