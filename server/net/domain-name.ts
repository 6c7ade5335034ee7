// A domain name as DNS takes it: labels of letters, digits, hyphens (not at
// either end) and underscores (service labels), at most 63 characters each
// and 253 in all.
const LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?";

export const DOMAIN_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
