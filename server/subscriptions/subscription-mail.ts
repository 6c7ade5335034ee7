// The mails a status page subscriber gets, in the language they subscribed
// in: the confirmation (double opt-in) and one per event. Text only: what a
// status mail says fits in plain words, and no mail client mangles it. Every
// event mail carries the one-click unsubscribe of RFC 8058 in its headers
// (mail clients show their own "Unsubscribe" button) and a link in its body.
import { company } from "#shared/company.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { formatStatusTime } from "#shared/status/status-time.ts";
import type { Bilingual } from "#shared/status/public-status.ts";
import { SUBSCRIPTIONS_PRIVACY_ANCHOR, type StatusEvent } from "#shared/status/subscription.ts";
import type { EmailMessage } from "#server/mail/smtp-sender.ts";

/** Where subscriber mail waits: one lane, delivered in order, so an update never overtakes its incident's opening. */
export const SUBSCRIBER_MAIL_CHANNEL = "status-mail";
/** The outbox kind of subscriber mail (its own retry policy: a minute's outage costs seconds, not an hour). */
export const SUBSCRIBER_MAIL_KIND = "status-mail";

export type Links = { siteUrl: string };

const statusUrl = (links: Links, lang: Language) => `${links.siteUrl}/${lang}/status`;
const privacyUrl = (links: Links, lang: Language) =>
  `${links.siteUrl}/${lang}/privacy-policy#${SUBSCRIPTIONS_PRIVACY_ANCHOR}`;
export const confirmUrl = (links: Links, lang: Language, token: string) =>
  `${links.siteUrl}/${lang}/status/confirm?token=${token}`;
export const unsubscribeUrl = (links: Links, lang: Language, token: string) =>
  `${links.siteUrl}/${lang}/status/unsubscribe?token=${token}`;
/** RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" here, without cookies or a page. */
export const oneClickUrl = (links: Links, token: string) => `${links.siteUrl}/api/status/unsubscribe?token=${token}`;

/** "all services" or the names, in the language. */
function scopeText(names: readonly Bilingual[] | null, lang: Language): string {
  if (names === null) return lang === "de" ? "alle Dienste" : "all services";
  return names.map((name) => name[lang]).join(", ");
}

const WORDS = {
  en: {
    confirmSubject: `Please confirm your subscription to the ${company.brand} status page`,
    confirmBody: (email: string, scope: string, url: string) => [
      "Hello,",
      "",
      `someone, hopefully you, asked for emails from the ${company.brand} status page to be sent to ${email}`,
      `(${scope}): when we report an incident or its progress, and when we plan maintenance.`,
      "",
      "To confirm, open this link within 48 hours and press “Confirm subscription”:",
      url,
      "",
      "If this was not you, please ignore this email. Without confirmation, we will delete the address",
      "after 48 hours and not write to it again.",
    ],
    confirmUnsubscribe: "Once subscribed, you can unsubscribe at any time with this link (keep it):",
    footer: (scope: string) => [
      `You are receiving this email because you subscribed to the ${company.brand} status page (${scope}).`,
    ],
    unsubscribe: "Unsubscribe with one click:",
    current: "Current status:",
    affects: "Affects:",
    privacy: "Privacy policy:",
    maintenance: "Maintenance",
    from: "From",
    until: "until",
    untilOpen: "until further notice",
  },
  de: {
    confirmSubject: `Bitte bestätigen Sie Ihr Abonnement der Statusseite von ${company.brand}`,
    confirmBody: (email: string, scope: string, url: string) => [
      "Guten Tag,",
      "",
      `jemand, hoffentlich Sie, möchte unter ${email} E-Mails der Statusseite von ${company.brand} erhalten`,
      `(${scope}): wenn wir eine Störung oder ihren Verlauf melden und wenn wir Wartungen planen.`,
      "",
      "Zum Bestätigen öffnen Sie bitte innerhalb von 48 Stunden diesen Link und klicken",
      "auf „Abonnement bestätigen“:",
      url,
      "",
      "Falls Sie das nicht waren, ignorieren Sie diese E-Mail bitte. Ohne Bestätigung löschen wir die",
      "Adresse nach 48 Stunden und schreiben sie nicht wieder an.",
    ],
    confirmUnsubscribe: "Nach der Bestätigung können Sie jederzeit mit diesem Link abbestellen (bitte aufbewahren):",
    footer: (scope: string) => [
      `Sie erhalten diese E-Mail, weil Sie die Statusseite von ${company.brand} abonniert haben (${scope}).`,
    ],
    unsubscribe: "Mit einem Klick abbestellen:",
    current: "Aktueller Status:",
    affects: "Betrifft:",
    privacy: "Datenschutzerklärung:",
    maintenance: "Wartung",
    from: "Von",
    until: "bis",
    untilOpen: "bis auf Weiteres",
  },
} as const;

export function confirmationMail(
  links: Links,
  subscriber: {
    email: string;
    language: Language;
    services: readonly Bilingual[] | null;
    token: string;
    /** The subscription's own unsubscribe token: a new subscriber can leave before the first status mail. */
    unsubscribeToken: string;
  },
): EmailMessage {
  const { language: lang } = subscriber;
  const words = WORDS[lang];
  const body = words.confirmBody(
    subscriber.email,
    scopeText(subscriber.services, lang),
    confirmUrl(links, lang, subscriber.token),
  );
  return {
    to: subscriber.email,
    subject: words.confirmSubject,
    text: [
      ...body,
      "",
      words.confirmUnsubscribe,
      unsubscribeUrl(links, lang, subscriber.unsubscribeToken),
      "",
      "--",
      `${company.brand} · ${statusUrl(links, lang)}`,
      `${words.privacy} ${privacyUrl(links, lang)}`,
    ].join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** The event's time line: when it happened, or the maintenance window. */
function when(event: StatusEvent, lang: Language, timeZone: string): string {
  const words = WORDS[lang];
  const time = (iso: string) => formatStatusTime(iso, lang, timeZone);
  if (!event.maintenance) return time(event.at);
  const { startsAt, endsAt } = event.maintenance;
  return `${words.from} ${time(startsAt)} ${endsAt ? `${words.until} ${time(endsAt)}` : words.untilOpen}`;
}

/** The subject's first word: what happened, so an inbox of them reads as a history. */
const HEADLINE: Record<StatusEvent["event"], Bilingual> = {
  "incident.opened": { en: "Incident", de: "Störung" },
  "incident.updated": { en: "Update", de: "Aktualisierung" },
  "incident.resolved": { en: "Resolved", de: "Behoben" },
  "maintenance.announced": { en: "Planned maintenance", de: "Geplante Wartung" },
  "maintenance.started": { en: "Maintenance started", de: "Wartung gestartet" },
  "maintenance.ended": { en: "Maintenance completed", de: "Wartung abgeschlossen" },
};

export function eventMail(
  links: Links,
  event: StatusEvent,
  subscriber: { email: string; language: Language; services: readonly Bilingual[] | null; token: string },
  timeZone: string,
): EmailMessage {
  const { language: lang } = subscriber;
  const words = WORDS[lang];
  // A maintenance of every service names no service: it says so, as the status page does.
  const everything = event.maintenance !== undefined && event.serviceIds === null;
  const affects =
    event.services.length > 0 || everything
      ? [`${words.affects} ${scopeText(everything ? null : event.services, lang)}`]
      : [];
  const headline = HEADLINE[event.event][lang];
  const title = event.title[lang];
  const text = [
    title,
    "",
    event.message[lang],
    "",
    ...affects,
    when(event, lang, timeZone),
    "",
    `${words.current} ${statusUrl(links, lang)}`,
    "",
    "--",
    ...words.footer(scopeText(subscriber.services, lang)),
    `${words.unsubscribe} ${unsubscribeUrl(links, lang, subscriber.token)}`,
    `${words.privacy} ${privacyUrl(links, lang)}`,
  ].join("\n");
  return {
    to: subscriber.email,
    // The page's German title of an incident without staff's words starts with "Störung:" already: said once.
    subject: `${title.startsWith(`${headline}:`) ? title : `${headline}: ${title}`} · ${company.brand}`,
    text,
    headers: {
      "List-Unsubscribe": `<${oneClickUrl(links, subscriber.token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
