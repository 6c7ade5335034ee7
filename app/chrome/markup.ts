// The attributes that tie the page chrome's server-rendered markup to its
// behaviour in this folder: the components render them, the behaviours find them.
// Only names live here, so server code can import them without browser code.

/** Marks the buttons that switch the theme. */
export const THEME_TOGGLE_ATTRIBUTE = "data-theme-toggle";

/** Marks the links that switch the language; their hreflang names the target. */
export const LANGUAGE_SWITCH_ATTRIBUTE = "data-language-switch";

/** Marks the <details> menus that close on a click outside, on Escape and when a link is chosen. */
export const DISMISSABLE_ATTRIBUTE = "data-dismissable";

/** Marks the welcome popup's <dialog>. */
export const WELCOME_DIALOG_ATTRIBUTE = "data-welcome-dialog";

/** On <html> once the chrome's behaviours are wired (tests wait for it before using the keyboard). */
export const CHROME_READY_ATTRIBUTE = "data-chrome-ready";

export const CONSENT_PARTS = {
  banner: "data-consent-banner",
  categories: "data-consent-categories",
  /** The buttons that reopen the banner: the floating one and the footer's "Cookie settings". */
  opener: "data-consent-opener",
  /** The floating button, shown once the banner has been answered. */
  floating: "data-consent-floating",
} as const;

/** On the banner's buttons: reject, accept, save, customize or close. */
export const CONSENT_ACTION_ATTRIBUTE = "data-consent-action";

/** On the switches of the optional categories: analytics or marketing. */
export const CONSENT_CATEGORY_ATTRIBUTE = "data-consent-category";

/** On elements that pass through the floating button's corner (the ticker's label); it steps aside meanwhile. */
export const KEEP_CLEAR_ATTRIBUTE = "data-keep-clear";
