// Runs in <head> before the first paint: applies the saved or preferred theme
// (no flash) and marks the page when consent has not been answered, so the
// server-rendered consent banner shows at once. Its text is constant, so its
// sha256 can go into the Content-Security-Policy. The "js" class lets CSS show
// fallbacks only to visitors without JavaScript.
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, THEME_STORAGE_KEY } from "./storage-keys.ts";

export const HEAD_SCRIPT = `(function(d){var c;d.classList.add("js");try{var s=localStorage,t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)}),k=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",k);d.style.colorScheme=k?"dark":"light";c=JSON.parse(s.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})||"null")}catch(e){}if(!c||c.version!==${CONSENT_VERSION})d.setAttribute("data-consent","pending")})(document.documentElement)`;
