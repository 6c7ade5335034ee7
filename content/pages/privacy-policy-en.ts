import { company } from "#shared/company.ts";
import type { LegalDocument, LegalSection } from "#content/types.ts";
import {
  DEVICE_COOKIE,
  FORM_TOKEN_COOKIE,
  SESSION_COOKIE,
  emailLink,
  phoneLink,
  companyAddress,
} from "./privacy-policy-facts.ts";
import { browserSections } from "./privacy-policy-en-browser.ts";
import { rightsSections } from "./privacy-policy-en-rights.ts";
import { statusSubscriptionSection } from "./privacy-policy-en-status.ts";

export function privacyPolicyEn(options: { contactRetentionDays: number }): LegalDocument {
  const days = options.contactRetentionDays;
  const retentionEn = days === 1 ? "1 day" : `${days} days`;
  return {
    meta: {
      title: `Privacy Policy – ${company.brand}`,
      description:
        `How ${company.brand} handles personal data on this website: hosting, contact form, status page ` +
        `subscriptions, browser storage, the map on the contact page and your rights under the GDPR.`,
    },
    heading: "Privacy Policy",
    intro:
      "This policy explains which personal data we process when you use this website, " +
      "for what purposes and on what legal basis, and which rights you have.",
    sections: [
      controllerSection(),
      overviewSection(),
      hostingSection(),
      contactFormSection(retentionEn),
      statusSubscriptionSection(),
      staffSignInSection(),
      ...browserSections(),
      ...rightsSections(),
    ],
  };
}

function controllerSection(): LegalSection {
  return {
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
  };
}

function overviewSection(): LegalSection {
  return {
    heading: "Overview",
    blocks: [
      {
        type: "p",
        text:
          "We process personal data only as far as this is necessary to provide this website, to keep it " +
          "secure, to answer your enquiries and to send you the status page notifications you have " +
          "subscribed to. This covers the technical data that your browser sends with every request, the " +
          "information you enter in the contact form or when subscribing to the status page and a few " +
          "settings that are stored in your browser.",
      },
      {
        type: "p",
        text:
          "We do not use any tracking or analytics tools, and we do not pass on personal data to third " +
          "parties for advertising purposes. Third parties receive data only in the cases described in " +
          "this policy, for example if you choose to load the map on the contact page.",
      },
    ],
  };
}

function hostingSection(): LegalSection {
  return {
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
  };
}

/** The contact form; `retentionEn` is how long messages are kept, e.g. "30 days". */
function contactFormSection(retentionEn: string): LegalSection {
  return {
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
  };
}

function staffSignInSection(): LegalSection {
  return {
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
  };
}
