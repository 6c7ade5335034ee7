import { ConsentButton } from "./consent/consent-button.tsx";
import { WelcomePopup } from "./welcome/welcome-popup.tsx";

/** Page-wide helpers at the end of the document: the floating consent button and the welcome popup. */
export function SiteTools() {
  return (
    <>
      <ConsentButton />
      <WelcomePopup />
    </>
  );
}
