// The consent banner's behaviour over its server-rendered markup
// (app/components/consent/consent-banner.tsx): the first layer offers Reject
// all, Accept all and Customize; customizing shows the categories; the
// floating button and the footer link reopen it with the stored choices.
import { showToast } from "#app/components/toast.ts";
import type { ConsentChoices } from "./consent-record.ts";
import { CONSENT_ACTION_ATTRIBUTE, CONSENT_CATEGORY_ATTRIBUTE, CONSENT_PARTS } from "./markup.ts";
import { answerConsent, consentState, onConsentChange, setSettingsOpen } from "./consent-state.ts";
import { watchCorner } from "./corner.ts";

const NO_CHOICES: ConsentChoices = { analytics: false, marketing: false };

type Banner = {
  element: HTMLElement;
  categories: HTMLElement;
  button: (action: string) => HTMLButtonElement | null;
  toggle: (category: keyof ConsentChoices) => HTMLInputElement | null;
};

function findBanner(): Banner | null {
  const element = document.querySelector<HTMLElement>(`[${CONSENT_PARTS.banner}]`);
  const categories = element?.querySelector<HTMLElement>(`[${CONSENT_PARTS.categories}]`);
  if (!element || !categories) return null;
  return {
    element,
    categories,
    button: (action) => element.querySelector(`[${CONSENT_ACTION_ATTRIBUTE}="${action}"]`),
    toggle: (category) => element.querySelector(`[${CONSENT_CATEGORY_ATTRIBUTE}="${category}"]`),
  };
}

function showCategories(banner: Banner, customizing: boolean, choices: ConsentChoices = NO_CHOICES) {
  banner.categories.hidden = !customizing;
  banner.button("save")!.hidden = !customizing;
  banner.button("customize")!.hidden = customizing;
  for (const category of ["analytics", "marketing"] as const) banner.toggle(category)!.checked = choices[category];
}

function chosen(banner: Banner): ConsentChoices {
  return { analytics: banner.toggle("analytics")!.checked, marketing: banner.toggle("marketing")!.checked };
}

/** Wires the banner, the buttons that reopen it and its keyboard handling. */
export function enhanceConsent(): void {
  const banner = findBanner();
  if (!banner) return;
  // The toast's words come with the banner, in the page's language.
  const { toastTitle = "", toastAccepted = "", toastSaved = "" } = banner.element.dataset;
  let returnFocusTo: HTMLElement | null = null;

  const close = () => {
    setSettingsOpen(false);
    returnFocusTo?.focus();
    returnFocusTo = null;
  };
  const answer = (choices: ConsentChoices, kind: "accepted" | "saved") => {
    answerConsent(choices);
    showCategories(banner, false);
    showToast({ title: toastTitle, description: kind === "accepted" ? toastAccepted : toastSaved });
    returnFocusTo?.focus();
    returnFocusTo = null;
  };

  banner.button("reject")!.addEventListener("click", () => answer(NO_CHOICES, "saved"));
  banner.button("accept")!.addEventListener("click", () => answer({ analytics: true, marketing: true }, "accepted"));
  banner.button("save")!.addEventListener("click", () => answer(chosen(banner), "saved"));
  banner.button("customize")!.addEventListener("click", () => showCategories(banner, true));
  banner.button("close")!.addEventListener("click", close);
  banner.element.addEventListener("keydown", (event) => {
    const { settingsOpen, record } = consentState();
    if (event.key === "Escape" && settingsOpen && record) close();
  });

  for (const opener of document.querySelectorAll<HTMLElement>(`[${CONSENT_PARTS.opener}]`)) {
    opener.addEventListener("click", () => {
      returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const { record } = consentState();
      showCategories(banner, true, record ?? NO_CHOICES);
      setSettingsOpen(true);
      banner.element.focus();
    });
  }

  const floating = document.querySelector<HTMLElement>(`[${CONSENT_PARTS.floating}]`);
  onConsentChange(({ record, settingsOpen }) => {
    banner.element.dataset.state = settingsOpen ? "open" : "closed";
    banner.button("close")!.hidden = !(settingsOpen && record);
    if (floating) floating.hidden = !record || settingsOpen;
  });
  if (floating) watchCorner((covered) => floating.toggleAttribute("data-stepped-aside", covered));
}
