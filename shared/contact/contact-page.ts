// Where the contact form lives, and the cookie that carries its form token.
// Shared by the route table, the server (which sets and reads the cookie) and
// the privacy policy (which names it).

/** The contact page's language-neutral path. */
export const CONTACT_PATH = "/contact";

/** The form token's cookie; the "__Host-" prefix makes browsers insist on Secure, Path=/ and no Domain. */
export const FORM_TOKEN_COOKIE = "__Host-form-token";

/** Its name on plain-HTTP localhost, where browsers refuse Secure cookies. */
export const FORM_TOKEN_COOKIE_LOCAL = "form-token";
