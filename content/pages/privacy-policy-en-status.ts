// The English privacy policy's section on the status page's email subscriptions (double
// opt-in, the consent record, unsubscribing) and the webhooks of business customers. Status
// mails link to its heading, so its id is fixed.
import { localizePath } from "#shared/site/paths.ts";
import {
  CONFIRM_MAIL_EVERY_MS,
  CONFIRM_VALID_MS,
  SUBSCRIPTION_CONSENT_VERSION,
  SUBSCRIPTIONS_PRIVACY_ANCHOR,
} from "#shared/status/subscription.ts";
import type { Block, LegalSection } from "#content/types.ts";
import { FORM_TOKEN_COOKIE, emailLink } from "./privacy-policy-facts.ts";

const HOUR_MS = 60 * 60_000;

export function statusSubscriptionSection(): LegalSection {
  return {
    heading: "Status page subscriptions",
    id: SUBSCRIPTIONS_PRIVACY_ANCHOR,
    blocks: [...subscriberDataBlocks(), ...subscriptionBlocks(), ...webhookBlocks()],
  };
}

/** What we store about a subscriber, why and on what legal basis. */
function subscriberDataBlocks(): Block[] {
  return [
    { type: "h3", text: "What we process" },
    {
      type: "p",
      text: [
        "When you subscribe to notifications by email on our ",
        { text: "status page", href: localizePath("en", "/status") },
        ", we process:",
      ],
    },
    {
      type: "ul",
      items: [
        "your email address",
        "the language of the page from which you subscribed, in which we write to you",
        "whether you want to be informed about all services or only about those you chose, and which ones",
        `the record of your consent: the time of your request and of your confirmation, the version of the ` +
          `consent text you agreed to (currently version ${SUBSCRIPTION_CONSENT_VERSION}) and a pseudonym ` +
          `of your IP address at the request and at the confirmation`,
      ],
    },
    {
      type: "p",
      text:
        "The pseudonym is not your IP address itself but a one-way hash of it formed with a secret key known " +
        "only to our server (HMAC), as for the contact form; without this key the address cannot be recovered " +
        "from it.",
    },
    {
      type: "p",
      text:
        "Providing this information is neither required by law nor by contract. " +
        "Without your email address, however, we cannot notify you.",
    },
    { type: "h3", text: "Purpose and legal basis" },
    {
      type: "p",
      text:
        "We use the data to send you the notifications you asked for: when the status page shows an " +
        "incident, when our staff post an update on it and when it is resolved, and when planned " +
        "maintenance is announced, starts and ends. The legal basis is your consent (Art. 6(1)(a) GDPR).",
    },
    {
      type: "p",
      text:
        "We keep the record of your consent so that we can demonstrate that you have given it, as Art. " +
        "7(1) GDPR requires of us. The legal basis for this is Art. 6(1)(c) and (f) in conjunction with " +
        "Art. 7(1) GDPR; our legitimate interest lies in being able to prove that we write to you only " +
        "with your consent.",
    },
  ];
}

/** The double opt-in, the spam protection, the sending and the end of a subscription. */
function subscriptionBlocks(): Block[] {
  const validHours = CONFIRM_VALID_MS / HOUR_MS;
  return [
    { type: "h3", text: "Confirmation (double opt-in)" },
    {
      type: "p",
      text:
        `After you have subscribed, we send you an email with a confirmation link, which is valid for ` +
        `${validHours} hours. The subscription begins only when you open the link and confirm it; until ` +
        `then you receive no notifications. However often an address is entered, it receives at most one ` +
        `confirmation email within ${CONFIRM_MAIL_EVERY_MS / HOUR_MS} hours. If the subscription is not ` +
        `confirmed within ${validHours} hours, we delete the address.`,
    },
    { type: "h3", text: "Spam protection without third parties" },
    {
      type: "p",
      text:
        `We protect the subscription form on the status page against spam in the same way as the contact ` +
        `form (see “Contact form”). For the time check, the status page sets the same cookie named ` +
        `${FORM_TOKEN_COOKIE} as the contact page, for the same purpose (see “Storage in your browser”). ` +
        `No data is passed to third parties for this purpose. The subscription uses no other cookies.`,
    },
    { type: "h3", text: "Sending the emails" },
    {
      type: "p",
      text:
        "We send the emails through our own mail server, the same one that delivers the messages from " +
        "the contact form; we do not use a newsletter service. The emails are plain text: they contain " +
        "no tracking pixels, and their links lead straight to their destination, so we do not learn " +
        "whether or when you open an email or click a link.",
    },
    { type: "h3", text: "Withdrawal and storage period" },
    {
      type: "p",
      text: [
        "You can withdraw your consent at any time with effect for the future: with one click on the " +
          "unsubscribe link at the end of every notification, with the unsubscribe button that your email " +
          "program shows for our emails (RFC 8058), or by writing to us at ",
        emailLink,
        ". This does not affect the lawfulness of the processing carried out before the withdrawal (Art. " +
          "7(3) GDPR).",
      ],
    },
    {
      type: "p",
      text:
        "We store your data for as long as the subscription lasts. When you unsubscribe, we delete your " +
        "email address and the record of your consent immediately, together with any notifications not " +
        "yet sent to you. If you ask us to, our staff also delete your subscription for you.",
    },
  ];
}

/** Business customers' systems: they get the events, and nothing about visitors. */
function webhookBlocks(): Block[] {
  return [
    { type: "h3", text: "Notifications to business customers’ systems (webhooks)" },
    {
      type: "p",
      text:
        "Business customers can receive the same notifications as machine-readable data (JSON) in their " +
        "own systems, at a web address that our staff enter for the customer. These messages contain no " +
        "personal data of visitors to this website. For this purpose we store the customer’s name and the " +
        "web address; the legal basis is Art. 6(1)(b) GDPR (performance of the contract with the customer).",
    },
  ];
}
