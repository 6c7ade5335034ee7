import {
  CONSENT_STORAGE_KEY,
  CONTACT_SUBMISSIONS_KEY,
  THEME_STORAGE_KEY,
  WELCOME_SESSION_KEY,
} from "#shared/site/storage-keys.ts";
import { company } from "#shared/company.ts";
import type { LegalDocument } from "#content/types.ts";
import {
  DEVICE_COOKIE,
  FORM_TOKEN_COOKIE,
  SESSION_COOKIE,
  languageKey,
  emailLink,
  phoneLink,
  osmPolicyLink,
  bayldaLink,
  osmAddress,
  bayldaAddress,
  companyAddress,
} from "./privacy-policy-facts.ts";

export function privacyPolicyEn(options: { contactRetentionDays: number }): LegalDocument {
  const days = options.contactRetentionDays;
  const retentionEn = days === 1 ? "1 day" : `${days} days`;
  return {
    meta: {
      title: `Privacy Policy – ${company.brand}`,
      description:
        `How ${company.brand} handles personal data on this website: hosting, contact form, browser storage, ` +
        `the map on the contact page and your rights under the GDPR.`,
    },
    heading: "Privacy Policy",
    intro:
      "This policy explains which personal data we process when you use this website, " +
      "for what purposes and on what legal basis, and which rights you have.",
    sections: [
      {
        heading: "Controller",
        blocks: [
          {
            type: "p",
            text:
              "The controller responsible for the processing of personal data on this website " +
              "within the meaning of the General Data Protection Regulation (GDPR) is:",
          },
          { type: "address", lines: companyAddress("en") },
          {
            type: "ul",
            items: [["Email: ", emailLink], ["Phone: ", phoneLink], `Managing director: ${company.managingDirector}`],
          },
        ],
      },
      {
        heading: "Overview",
        blocks: [
          {
            type: "p",
            text:
              "We process personal data only as far as this is necessary to provide this website, to keep it " +
              "secure and to answer your enquiries. This covers the technical data that your browser sends " +
              "with every request, the information you enter in the contact form and a few settings that are " +
              "stored in your browser.",
          },
          {
            type: "p",
            text:
              "We do not use any tracking or analytics tools, and we do not pass on personal data to third " +
              "parties for advertising purposes. Third parties receive data only in the cases described in " +
              "this policy, for example if you choose to load the map on the contact page.",
          },
        ],
      },
      {
        heading: "Hosting and server logs",
        blocks: [
          {
            type: "p",
            text:
              "This website is hosted on servers in Germany that a hosting provider operates on our behalf. We " +
              "have concluded a data processing agreement with this provider in accordance with Art. 28 GDPR; " +
              "it may process your data only on our instructions.",
          },
          {
            type: "p",
            text: "Each time you open a page, the server automatically records the following information in log files:",
          },
          {
            type: "ul",
            items: [
              "the IP address of the requesting device",
              "the date and time of the request",
              "the requested URL",
              "the referrer, i.e. the page from which you came, if your browser transmits it",
              "the browser identification (browser type and version, operating system)",
              "the HTTP status code of the response",
            ],
          },
          {
            type: "p",
            text:
              "We use this data to deliver the website, to ensure its stable operation and to detect and ward " +
              "off attacks and misuse. The legal basis is Art. 6(1)(f) GDPR; our legitimate interest lies in " +
              "the secure and error-free operation of the website. The log files are deleted automatically " +
              "after 14 days.",
          },
          {
            type: "p",
            text:
              "All connections to this website are encrypted with TLS (you can recognise this by “https://” in " +
              "your browser’s address bar), so that third parties cannot read the data you transmit.",
          },
        ],
      },
      {
        heading: "Contact form",
        blocks: [
          { type: "h3", text: "What we process" },
          { type: "p", text: "When you send us a message using the contact form, we process:" },
          {
            type: "ul",
            items: [
              "your name",
              "your email address",
              "the subject and text of your message",
              "the time at which we receive the message",
              "the language of the page from which you sent it",
              "a one-way hash of your IP address, from which the address cannot be " +
                "recovered and which we use only to limit abuse of the form",
            ],
          },
          {
            type: "p",
            text:
              "Providing this information is neither required by law nor by " +
              "contract. Without it, however, we cannot answer your enquiry.",
          },
          { type: "h3", text: "Purpose and legal basis" },
          {
            type: "p",
            text:
              "We process the data to handle and answer your enquiry. If your enquiry concerns the conclusion " +
              "of a contract with us (for example a request for a project offer), the legal basis is Art. " +
              "6(1)(b) GDPR. Otherwise the legal basis is Art. 6(1)(f) GDPR; our legitimate interest lies in " +
              "answering the enquiries addressed to us. We process the hash of your IP address on the basis of " +
              "Art. 6(1)(f) GDPR; our legitimate interest lies in protecting the form against misuse.",
          },
          { type: "h3", text: "Spam protection without third parties" },
          {
            type: "p",
            text:
              `We protect the form against spam without any external service: a hidden field that only ` +
              `automated programs fill in, a check of the time between opening the page and sending the form, ` +
              `and limits on how many messages can be sent within a certain period. For the time check, the ` +
              `contact page sets a cookie named ${FORM_TOKEN_COOKIE} (see “Storage in your browser”). No data ` +
              `is passed to third parties for this purpose.`,
          },
          { type: "h3", text: "Delivery and storage period" },
          {
            type: "p",
            text: [
              "Your message is delivered to us by email at our address ",
              emailLink,
              `. We delete contact messages after ${retentionEn}. This does not apply if a business ` +
                `relationship results from your enquiry or if statutory retention obligations require us to ` +
                `keep the data for longer, in particular under § 257 of the German Commercial Code (HGB) and § ` +
                `147 of the German Fiscal Code (AO). In these cases we keep the data only for as long as this ` +
                `requires and use it only for that purpose.`,
            ],
          },
        ],
      },
      {
        heading: "Staff sign-in",
        blocks: [
          {
            type: "p",
            text:
              `This website has an internal area that only our staff can use. When a staff member signs in, we ` +
              `set a cookie named ${SESSION_COOKIE}, which keeps the sign-in active. It is marked HttpOnly, so ` +
              `that scripts on the page cannot read it, and it is sent only over encrypted connections. The ` +
              `session ends after 30 minutes of inactivity, at the latest after 12 hours, or when the staff ` +
              `member signs out. Visitors who do not sign in never receive this cookie.`,
          },
          {
            type: "p",
            text:
              `At the same sign-in we set a second cookie named ${DEVICE_COOKIE}. It holds a random identifier ` +
              `for the browser and the staff account it signed in to, signed by us, so that at the next ` +
              `sign-in the browser counts as known: failed sign-ins from elsewhere then cannot lock the staff ` +
              `member out. It is marked HttpOnly, is sent only over encrypted connections, stays after signing ` +
              `out and expires 180 days after the last sign-in.`,
          },
          {
            type: "p",
            text:
              "The cookies are strictly necessary to provide the internal area that the staff member uses (§ " +
              "25(2) no. 2 of the German Telecommunications Digital Services Data Protection Act, TDDDG). The " +
              "related processing is based on Art. 6(1)(f) GDPR; our legitimate interest lies in protecting " +
              "the internal area against unauthorised access.",
          },
        ],
      },
      {
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
              `${FORM_TOKEN_COOKIE} (cookie): set when you open the contact page. It holds the time at which ` +
                `you opened the page, signed by us, and nothing about you: everyone who opens the page in the ` +
                `same tenth of a second gets the same value. Your browser sends it to our server with each ` +
                `request; we read it only when you send the contact form, to check that the form was not sent ` +
                `by a program within seconds of opening the page. It is marked HttpOnly, is sent only over ` +
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
      },
      {
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
      },
      {
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
      },
      {
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
      },
      {
        heading: "Your rights",
        blocks: [
          { type: "p", text: "With regard to your personal data, you have the following rights:" },
          {
            type: "ul",
            items: [
              "Access: you can ask us whether we process personal data " +
                "about you and, if so, which data (Art. 15 GDPR).",
              "Rectification: you can ask us to correct inaccurate data or to complete incomplete data (Art. 16 GDPR).",
              "Erasure: you can ask us to delete your data, unless we are required to keep it (Art. 17 GDPR).",
              "Restriction of processing: you can ask us to restrict the processing of your " +
                "data, for example while its accuracy is being checked (Art. 18 GDPR).",
              "Data portability: you can ask us to provide data that you have given us in a structured, " +
                "commonly used and machine-readable format, or to transmit it to another controller (Art. 20 " +
                "GDPR).",
              "Objection: on grounds relating to your particular situation, you can object at any time to " +
                "processing that is based on Art. 6(1)(f) GDPR. We will then stop processing the data unless " +
                "we can demonstrate compelling legitimate grounds that override your interests, or the " +
                "processing serves the establishment, exercise or defence of legal claims (Art. 21 GDPR).",
              "Withdrawal of consent: you can withdraw any consent you have given at any time with effect " +
                "for the future; this does not affect the lawfulness of the processing carried out before the " +
                "withdrawal (Art. 7(3) GDPR).",
            ],
          },
          {
            type: "p",
            text: [
              "To exercise your rights, simply write to us at ",
              emailLink,
              " or send us a letter to the address given above. This is free of charge for you.",
            ],
          },
        ],
      },
      {
        heading: "Right to lodge a complaint",
        blocks: [
          {
            type: "p",
            text:
              "You have the right to lodge a complaint with a data protection supervisory authority (Art. 77 " +
              "GDPR), in particular in the member state of your habitual residence, your place of work or the " +
              "place of the alleged infringement. The supervisory authority responsible for us is:",
          },
          { type: "address", lines: bayldaAddress("Germany") },
          { type: "p", text: ["Website: ", bayldaLink] },
        ],
      },
      {
        heading: "No automated decision-making",
        blocks: [
          {
            type: "p",
            text: "We do not use automated decision-making, including profiling, within the meaning of Art. 22 GDPR.",
          },
        ],
      },
      {
        heading: "Changes to this policy",
        blocks: [
          {
            type: "p",
            text:
              "We update this policy when our website or the legal requirements " +
              "change. The current version is always available on this page.",
          },
          { type: "p", text: "This policy is dated 9 April 2025." },
        ],
      },
    ],
  };
}
