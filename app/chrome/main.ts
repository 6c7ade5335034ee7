// The one script of every public page: the page chrome's behaviours (theme,
// consent, menus, language switch, welcome popup) over server-rendered markup,
// in plain DOM code. Pages with islands (app/islands) also load the hydrator,
// which brings the framework and each island's code; a page without islands
// loads nothing more.
import { enhanceConsent } from "./consent.ts";
import { enhanceDisclosures } from "./disclosures.ts";
import { enhanceLanguageLinks } from "./language-links.ts";
import { CHROME_READY_ATTRIBUTE } from "./markup.ts";
import { enhanceTheme } from "./theme.ts";
import { enhanceWelcome } from "./welcome.ts";
import { ISLAND_ATTRIBUTE } from "#app/islands/payload.ts";

enhanceTheme();
enhanceDisclosures();
enhanceLanguageLinks();
enhanceConsent();
enhanceWelcome();
document.documentElement.setAttribute(CHROME_READY_ATTRIBUTE, "");

if (document.querySelector(`[${ISLAND_ATTRIBUTE}]`)) void import("#app/islands/client.tsx");
