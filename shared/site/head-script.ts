// Runs in <head> before the first paint: applies the saved or preferred theme
// (no flash) and marks the page when consent has not been answered, so the
// server-rendered consent banner shows at once. Its text is constant, so its
// sha256 can go into the Content-Security-Policy. The "js" class lets CSS show
// fallbacks only to visitors without JavaScript.
//
// It also honours the language stored in the browser, which comes before the
// cookie and the browser's languages: it keeps the language cookie in step
// with it, and when a page whose language the server chose for the visitor
// (LANGUAGE_NEGOTIATED_ATTRIBUTE) came in the other language, because the
// cookie had been lost, it hides the page before anything is painted and
// loads it again, now with the cookie. A reload that still comes in the other
// language (cookies refused or stripped on the way) is left as it is, so it
// never loops.
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_ATTRIBUTES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
} from "#shared/i18n/languages.ts";
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, THEME_STORAGE_KEY } from "./storage-keys.ts";

/** On <html> when the page's language was chosen for the visitor, not by its URL. */
export const LANGUAGE_NEGOTIATED_ATTRIBUTE = "data-language-negotiated";

const theme =
  `t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)}),` +
  `k=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;` +
  `d.classList.toggle("dark",k);d.style.colorScheme=k?"dark":"light";` +
  `c=JSON.parse(s.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})||"null")`;

const language =
  `var l=s.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}),p=${JSON.stringify(`${LANGUAGE_COOKIE}=`)}+l,` +
  `h=function(){return("; "+document.cookie+";").indexOf("; "+p+";")>=0};` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0){` +
  `if(!h())document.cookie=p+${JSON.stringify(LANGUAGE_COOKIE_ATTRIBUTES)}` +
  `+(location.protocol==="https:"?"; Secure":"");` +
  `var n=performance.getEntriesByType("navigation")[0];` +
  `if(d.hasAttribute(${JSON.stringify(LANGUAGE_NEGOTIATED_ATTRIBUTE)})&&d.lang!==l&&h()&&!(n&&n.type==="reload"))` +
  `{d.style.visibility="hidden";location.reload()}}`;

export const HEAD_SCRIPT =
  `(function(d){var c,s;d.classList.add("js");try{s=localStorage;var ${theme}}catch(e){}` +
  `if(!c||c.version!==${CONSENT_VERSION})d.setAttribute("data-consent","pending");` +
  `try{${language}}catch(e){}})(document.documentElement)`;
