// Names of everything this site keeps in the browser. The privacy policy
// lists each one; none is set for tracking.

export const THEME_STORAGE_KEY = "theme";
export const CONSENT_STORAGE_KEY = "cookieConsent";
export const WELCOME_SESSION_KEY = "welcomePopupShown";
export const CONTACT_SUBMISSIONS_KEY = "contactSubmissions";

/**
 * Cookies the server sets for signed-in staff only: the session, and the device token of a browser that signed in
 * before.
 */
export const STAFF_SESSION_COOKIE = "__Host-session";
export const STAFF_DEVICE_COOKIE = "__Host-device";

/** Version of the consent record: a stored record of another version counts as no answer. */
export const CONSENT_VERSION = 1;
