// The English privacy policy's sections on what happens in the visitor's browser: the entries
// stored there, the consent dialog, the two-click map and the links to social networks.
import {
  CONSENT_STORAGE_KEY,
  CONTACT_SUBMISSIONS_KEY,
  THEME_STORAGE_KEY,
  WELCOME_SESSION_KEY,
} from "#shared/site/storage-keys.ts";
import { company } from "#shared/company.ts";
import type { LegalSection } from "#content/types.ts";
import { FORM_TOKEN_COOKIE, languageKey, osmPolicyLink, osmAddress } from "./privacy-policy-facts.ts";

export function browserSections(): LegalSection[] {
  return [browserStorageSection(), consentSection(), mapSection(), socialLinksSection()];
}

function browserStorageSection(): LegalSection {
  return {
    heading: "Storage in your browser",
    blocks: [
      {
        type: "p",
        text:
          "So that the website works as you expect, we store a few entries in your browser: in its local " +
          "storage, in its session storage or as a cookie. They are strictly necessary to provide the " +
          "functions you use, so no consent is required (§ 25(2) no. 2 TDDDG). None of them is used for " +
          "tracking. Apart from the language cookie, which your browser sends to our server so that it can " +
          "deliver the pages in your language, and the contact form’s cookie, these entries do not leave " +
          "your device.",
      },
      {
        type: "ul",
        items: [
          `${languageKey} (local storage and cookie): the language you have chosen. The cookie expires ` +
            `after one year; the entry in local storage remains until you delete it.`,
          `${THEME_STORAGE_KEY} (local storage): whether you have chosen the light or the dark design. ` +
            `It remains until you delete it.`,
          `${CONSENT_STORAGE_KEY} (local storage): your choice in the consent dialog, together with the ` +
            `time you made it and the version of the dialog. It remains until you delete it; if we change ` +
            `the consent categories, we ask you again.`,
          `${WELCOME_SESSION_KEY} (session storage): that the welcome message has already been shown to ` +
            `you, so that it does not appear again. It is deleted when your browser session ends.`,
          `${CONTACT_SUBMISSIONS_KEY} (local storage): how many messages you have sent using the contact ` +
            `form within the last hour, so that repeated sending can be limited. Only the last hour is ` +
            `taken into account.`,
          `${FORM_TOKEN_COOKIE} (cookie): set when you open the contact page or the status page (its ` +
            `subscription form), or the page where you choose services to subscribe to. It holds the time at ` +
            `which you opened the page, signed by us, and nothing about you: everyone who opens the page in the ` +
            `same tenth of a second gets the same value. Your browser sends it to our server with each request; ` +
            `we read it only when you send the contact form or a subscription, to check that the form was not ` +
            `sent by a program within seconds of opening the page. It is marked HttpOnly, is sent only over ` +
            `encrypted connections and expires after 24 hours.`,
        ],
      },
      {
        type: "p",
        text:
          "You can delete these entries at any time in your browser " +
          "settings. The website then uses its default settings again.",
      },
    ],
  };
}

function consentSection(): LegalSection {
  return {
    heading: "Consent management",
    blocks: [
      {
        type: "p",
        text:
          `We use our own consent dialog and no consent tool from a third party. Your choice is stored ` +
          `only in your browser (see the entry ${CONSENT_STORAGE_KEY} above) and is not transmitted to us ` +
          `or to anyone else.`,
      },
      {
        type: "p",
        text:
          "The dialog distinguishes between strictly necessary storage, which is always active, and the " +
          "categories “analytics” and “marketing”. We currently use no analytics or marketing cookies or " +
          "services at all. These categories would only take effect if we added such services in the " +
          "future, and then only with your consent (Art. 6(1)(a) GDPR, § 25(1) TDDDG); we would update " +
          "this policy beforehand.",
      },
      {
        type: "p",
        text:
          "You can withdraw or change your consent at any time with effect for the future " +
          "via “Cookie settings” at the bottom of every page (Art. 7(3) GDPR).",
      },
    ],
  };
}

function mapSection(): LegalSection {
  return {
    heading: "Map on the contact page",
    blocks: [
      {
        type: "p",
        text:
          "Our contact page can show a map of our location from OpenStreetMap. To protect your privacy, we " +
          "use a two-click solution: the map is not loaded when you open the page; you first see a " +
          "placeholder with a button. Only when you click this button does your browser connect to the " +
          "servers of the OpenStreetMap Foundation and load the map:",
      },
      { type: "address", lines: osmAddress("United Kingdom") },
      {
        type: "p",
        text:
          "The OpenStreetMap Foundation then receives your IP address and the technical information that " +
          "your browser sends with every request (for example the browser identification and the address " +
          "of our page). The legal basis is your consent, which you give by clicking the button (Art. " +
          "6(1)(a) GDPR and § 25(1) TDDDG). If you do not click, no connection is made. You can withdraw " +
          "your consent at any time with effect for the future by not loading the map again; a map that " +
          "has already been loaded disappears when you leave or reload the page.",
      },
      {
        type: "p",
        text:
          "The United Kingdom is not a member state of the EU, but the European Commission has decided " +
          "that it ensures an adequate level of data protection (adequacy decision under Art. 45 GDPR).",
      },
      {
        type: "p",
        text: [
          "You can find more information in the ",
          osmPolicyLink("privacy policy of the OpenStreetMap Foundation"),
          ".",
        ],
      },
    ],
  };
}

function socialLinksSection(): LegalSection {
  return {
    heading: "Links to social networks",
    blocks: [
      {
        type: "p",
        text: [
          "Our website links to profiles on ",
          { text: "X", href: company.social.x },
          ", ",
          { text: "LinkedIn", href: company.social.linkedin },
          " and ",
          { text: "Discord", href: company.social.discord },
          ". These are plain links, not plugins: visiting our website does not transmit any data to " +
            "these networks. Only if you follow a link are you taken to the network concerned, which then " +
            "processes your data under its own responsibility and in accordance with its own privacy " +
            "policy.",
        ],
      },
    ],
  };
}
