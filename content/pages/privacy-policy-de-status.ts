// The German privacy policy's section on the status page's email subscriptions (double
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
    heading: "Abonnement der Statusseite",
    id: SUBSCRIPTIONS_PRIVACY_ANCHOR,
    blocks: [...subscriberDataBlocks(), ...subscriptionBlocks(), ...webhookBlocks()],
  };
}

/** What we store about a subscriber, why and on what legal basis. */
function subscriberDataBlocks(): Block[] {
  return [
    { type: "h3", text: "Welche Daten wir verarbeiten" },
    {
      type: "p",
      text: [
        "Wenn Sie auf unserer ",
        { text: "Statusseite", href: localizePath("de", "/status") },
        " Benachrichtigungen per E-Mail abonnieren, verarbeiten wir:",
      ],
    },
    {
      type: "ul",
      items: [
        "Ihre E-Mail-Adresse",
        "die Sprache der Seite, von der aus Sie abonniert haben; in dieser Sprache schreiben wir Ihnen",
        "ob Sie über alle Dienste informiert werden möchten oder nur über die von Ihnen ausgewählten, " +
          "und welche das sind",
        `den Nachweis Ihrer Einwilligung: den Zeitpunkt Ihrer Anfrage und den Ihrer Bestätigung, die ` +
          `Fassung des Einwilligungstextes, dem Sie zugestimmt haben (derzeit Fassung ` +
          `${SUBSCRIPTION_CONSENT_VERSION}), und je ein Pseudonym Ihrer IP-Adresse bei der Anfrage und bei ` +
          `der Bestätigung`,
      ],
    },
    {
      type: "p",
      text:
        "Das Pseudonym ist nicht Ihre IP-Adresse selbst, sondern ein mit einem geheimen Schlüssel unseres " +
        "Servers gebildeter Einweg-Hash (HMAC), wie beim Kontaktformular; ohne diesen Schlüssel lässt sich die " +
        "Adresse aus ihm nicht wiederherstellen.",
    },
    {
      type: "p",
      text:
        "Die Angaben sind weder gesetzlich noch vertraglich vorgeschrieben. " +
        "Ohne Ihre E-Mail-Adresse können wir Sie jedoch nicht benachrichtigen.",
    },
    { type: "h3", text: "Zweck und Rechtsgrundlage" },
    {
      type: "p",
      text:
        "Wir verwenden die Daten, um Ihnen die gewünschten Benachrichtigungen zu senden: wenn die " +
        "Statusseite eine Störung zeigt, wenn unsere Mitarbeitenden dazu eine Aktualisierung " +
        "veröffentlichen und wenn die Störung behoben ist, sowie wenn eine geplante Wartung angekündigt " +
        "wird, beginnt und endet. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO).",
    },
    {
      type: "p",
      text:
        "Den Nachweis Ihrer Einwilligung bewahren wir auf, um belegen zu können, dass Sie eingewilligt " +
        "haben, wie es Art. 7 Abs. 1 DSGVO von uns verlangt. Rechtsgrundlage dafür ist Art. 6 Abs. 1 lit. " +
        "c und f in Verbindung mit Art. 7 Abs. 1 DSGVO; unser berechtigtes Interesse liegt darin, " +
        "nachweisen zu können, dass wir Ihnen nur mit Ihrer Einwilligung schreiben.",
    },
  ];
}

/** The double opt-in, the spam protection, the sending and the end of a subscription. */
function subscriptionBlocks(): Block[] {
  const validHours = CONFIRM_VALID_MS / HOUR_MS;
  return [
    { type: "h3", text: "Bestätigung (Double-Opt-in)" },
    {
      type: "p",
      text:
        `Nachdem Sie das Abonnement angefordert haben, senden wir Ihnen eine E-Mail mit einem ` +
        `Bestätigungslink, der ${validHours} Stunden gültig ist. Das Abonnement beginnt erst, wenn Sie den ` +
        `Link öffnen und es bestätigen; bis dahin erhalten Sie keine Benachrichtigungen. Wie oft eine ` +
        `Adresse auch eingegeben wird, sie erhält innerhalb von ${CONFIRM_MAIL_EVERY_MS / HOUR_MS} Stunden ` +
        `höchstens eine Bestätigungs-E-Mail. Wird das Abonnement nicht innerhalb von ${validHours} Stunden ` +
        `bestätigt, löschen wir die Adresse.`,
    },
    { type: "h3", text: "Spamschutz ohne Dritte" },
    {
      type: "p",
      text:
        `Das Abonnementformular auf der Statusseite schützen wir auf dieselbe Weise vor Spam wie das ` +
        `Kontaktformular (siehe „Kontaktformular“). Für die Zeitprüfung setzt die Statusseite dasselbe ` +
        `Cookie mit dem Namen ${FORM_TOKEN_COOKIE} wie die Kontaktseite, zum selben Zweck (siehe ` +
        `„Speicherung in Ihrem Browser“). Dazu werden keine Daten an Dritte weitergegeben. Weitere Cookies ` +
        `verwendet das Abonnement nicht.`,
    },
    { type: "h3", text: "Versand der E-Mails" },
    {
      type: "p",
      text:
        "Wir versenden die E-Mails über unseren eigenen Mailserver, über den auch die Nachrichten aus dem " +
        "Kontaktformular zugestellt werden; einen Newsletter-Dienst setzen wir nicht ein. Die E-Mails sind " +
        "reiner Text: Sie enthalten keine Tracking-Pixel, und ihre Links führen direkt zum Ziel, sodass " +
        "wir nicht erfahren, ob oder wann Sie eine E-Mail öffnen oder einen Link anklicken.",
    },
    { type: "h3", text: "Widerruf und Speicherdauer" },
    {
      type: "p",
      text: [
        "Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen: mit einem Klick " +
          "auf den Link zum Abbestellen am Ende jeder Benachrichtigung, über die Schaltfläche zum " +
          "Abbestellen, die Ihr E-Mail-Programm für unsere E-Mails anzeigt (RFC 8058), oder indem Sie uns " +
          "an ",
        emailLink,
        " schreiben. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon " +
          "unberührt (Art. 7 Abs. 3 DSGVO).",
      ],
    },
    {
      type: "p",
      text:
        "Wir speichern Ihre Daten, solange das Abonnement besteht. Bestellen Sie es ab, löschen wir Ihre " +
        "E-Mail-Adresse und den Nachweis Ihrer Einwilligung sofort, zusammen mit Benachrichtigungen, die " +
        "noch nicht an Sie versandt wurden. Auf Ihren Wunsch löschen unsere Mitarbeitenden Ihr Abonnement " +
        "auch für Sie.",
    },
  ];
}

/** Business customers' systems: they get the events, and nothing about visitors. */
function webhookBlocks(): Block[] {
  return [
    { type: "h3", text: "Benachrichtigungen an Systeme von Geschäftskunden (Webhooks)" },
    {
      type: "p",
      text:
        "Geschäftskunden können dieselben Benachrichtigungen als maschinenlesbare Daten (JSON) in ihren " +
        "eigenen Systemen empfangen, unter einer Webadresse, die unsere Mitarbeitenden für den jeweiligen " +
        "Kunden hinterlegen. Diese Nachrichten enthalten keine personenbezogenen Daten von Besucherinnen " +
        "und Besuchern dieser Website. Dafür speichern wir den Namen des Kunden und die Webadresse; " +
        "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Erfüllung des Vertrags mit dem Kunden).",
    },
  ];
}
