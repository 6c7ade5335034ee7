// The staff area's German text: the keys and placeholders of en.ts, formal "Sie", the words a German operator uses.
import type { StaffMessages } from "./en.ts";
import { dashboardPanelsDe } from "./dashboard-panels-de.ts";
import { dashboardServicesDe } from "./dashboard-services-de.ts";
import { dashboardLocationsDe } from "./dashboard-locations-de.ts";
import { accountAndTeamDe } from "./account-and-team-de.ts";
import { serverSentencesDe } from "./server-sentences-de.ts";

export const staffDe: StaffMessages = {
  ...dashboardPanelsDe,
  ...dashboardServicesDe,
  ...dashboardLocationsDe,
  ...accountAndTeamDe,
  ...serverSentencesDe,
  "language.other": "English",
  "language.otherLabel": "Den Mitarbeiterbereich auf Englisch anzeigen",
  "language.saveFailed": "Die Sprache konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",

  "common.dashboard": "Dashboard",
  "common.loading": "Wird geladen …",
  "common.documentTitle": "{page} – Admin-Dashboard",
  "time.yours": "(Ihre Zeit: {time})",

  "wait.seconds.one": "{n} Sekunde",
  "wait.seconds.other": "{n} Sekunden",
  "wait.minutes.one": "{n} Minute",
  "wait.minutes.other": "{n} Minuten",
  "wait.hours.one": "{n} Stunde",
  "wait.hours.other": "{n} Stunden",
  "throttle.signIn": "Zu viele Anmeldeversuche. Bitte versuchen Sie es in {wait} erneut.",
  "throttle.codes":
    "Für dieses Konto wurden zu viele falsche Codes eingegeben. Bitte versuchen Sie es in {wait} erneut oder " +
    "verwenden Sie einen Wiederherstellungscode oder einen Passkey.",

  "table.scrolls": "{label} (seitwärts scrollbar)",

  "audit.title": "Protokoll",
  "audit.intro":
    "Anmeldungen und Aktionen der Mitarbeitenden, ein Jahr lang aufbewahrt. „Von“ ist ein mit einem " +
    "Schlüssel gebildetes Pseudonym der Adresse: Dieselbe Adresse ergibt denselben Wert, die Adresse selbst wird " +
    "nicht gespeichert.",
  "audit.filterLabel": "Protokoll filtern",
  "audit.action": "Aktion",
  "audit.who": "Wer",
  "audit.usernamePlaceholder": "Benutzername",
  "audit.filter": "Filtern",
  "audit.showAll": "Alle anzeigen",
  "audit.when": "Wann",
  "audit.from": "Von",
  "audit.what": "Was",
  "audit.target": "Ziel",
  "audit.detail": "Details",
  "audit.none": "Keine Einträge.",
  "audit.notSignedIn": "(nicht angemeldet)",
  "audit.pages": "Seiten",
  "audit.newer": "Neuere",
  "audit.older": "Ältere",

  "invitation.title": "Einladung",
  "invitation.heading": "Willkommen im Team",
  "invitation.needsScript":
    "Zum Annehmen einer Einladung wird JavaScript benötigt. Bitte aktivieren Sie es für diese Website und laden " +
    "Sie die Seite neu.",
  "invitation.reading": "Die Einladung wird gelesen …",
  "invitation.invalid":
    "Diese Einladung ist nicht gültig. Sie ist vielleicht abgelaufen (Einladungen gelten 24 Stunden), wurde " +
    "bereits verwendet oder zurückgezogen.",
  "invitation.mismatch": "Die Passwörter stimmen nicht überein.",
  "invitation.invitedAs": "Sie sind als {role} eingeladen ({email}).",
  "invitation.username": "Benutzername",
  "invitation.password": "Passwort",
  "invitation.confirmPassword": "Passwort bestätigen",
  "invitation.creating": "Ihr Konto wird angelegt …",
  "invitation.create": "Konto anlegen",

  "confirm.cancelled": "Es wurde nichts geändert: Die Bestätigung wurde abgebrochen.",
  "confirm.wrongPassword": "Das Passwort ist nicht richtig. Bitte versuchen Sie es erneut.",
  "confirm.wrongCode": "Der Code ist nicht richtig. Bitte versuchen Sie es erneut.",
  "confirm.title": "Bestätigen Sie, dass Sie es sind",
  "confirm.asking": "Diese Änderung erfordert eine frische Anmeldung …",
  "confirm.usePasskey": "Passkey verwenden",
  "confirm.confirming": "Wird bestätigt …",
  "confirm.confirm": "Bestätigen",
  "confirm.cancel": "Abbrechen",
  "confirm.enterPassword": "Diese Änderung erfordert eine frische Anmeldung. Geben Sie Ihr Passwort ein.",
  "confirm.password": "Passwort",
  "confirm.withAppRecoveryPasskey":
    "Diese Änderung erfordert eine frische Anmeldung. Ihr Konto hat einen zweiten Faktor: Bestätigen Sie mit " +
    "einem Code Ihrer Authenticator-App, einem Wiederherstellungscode oder Ihrem Passkey.",
  "confirm.withAppRecovery":
    "Diese Änderung erfordert eine frische Anmeldung. Ihr Konto hat einen zweiten Faktor: Bestätigen Sie mit " +
    "einem Code Ihrer Authenticator-App oder einem Wiederherstellungscode.",
  "confirm.withRecoveryPasskey":
    "Diese Änderung erfordert eine frische Anmeldung. Ihr Konto hat einen zweiten Faktor: Bestätigen Sie mit " +
    "einem Wiederherstellungscode oder Ihrem Passkey.",
  "confirm.withRecovery":
    "Diese Änderung erfordert eine frische Anmeldung. Ihr Konto hat einen zweiten Faktor: Bestätigen Sie mit " +
    "einem Wiederherstellungscode.",
  "confirm.codeLabel": "Authentifizierungs- oder Wiederherstellungscode",
  "confirm.recoveryLabel": "Wiederherstellungscode",

  "common.pages": "Seiten",
  "common.previous": "Zurück",
  "common.next": "Weiter",
  "common.pageOf": "Seite {page} von {pages}",

  "messages.title": "Kontaktnachrichten",
  "messages.count.one": "{n} Nachricht",
  "messages.count.other": "{n} Nachrichten",
  "messages.failed": "Fehlgeschlagen ({status})",
  "messages.filterByStatus": "Nach Status filtern",
  "messages.status.all": "alle",
  "messages.status.pending": "ausstehend",
  "messages.status.sent": "gesendet",
  "messages.status.failed": "fehlgeschlagen",
  "messages.status.spam": "Spam",
  "messages.status.quarantined": "zurückgehalten",
  "messages.none": "Keine Nachrichten.",
  "messages.from": "Von",
  "messages.received": "Eingegangen",
  "messages.language": "Sprache",
  "messages.statusLabel": "Status",
  "messages.attempts.one": "{n} Zustellversuch",
  "messages.attempts.other": "{n} Zustellversuche",
  "messages.attemptsSent": "{attempts}, gesendet {sent}",
  "messages.lastError": "Letzter Fehler",
  "messages.notSpam": "Kein Spam: zustellen",
  "messages.release": "Freigeben: zustellen",
  "messages.retry": "Zustellung wiederholen",
  "messages.deleteConfirm": "Diese Nachricht endgültig löschen?",
  "messages.delete": "Löschen",

  "subscribers.title": "Abonnenten der Statusseite",
  "subscribers.intro":
    "Besucher, die /en/status oder /de/status per E-Mail abonniert haben. Unbestätigte Adressen werden 48 Stunden " +
    "nach ihrer Anfrage gelöscht.",
  "subscribers.webhooks": "Webhook-Abonnenten",
  "subscribers.secretBefore": "Geben Sie das Geheimnis an den Kunden weiter: Jede Anfrage trägt",
  "subscribers.secretAfter": "HMAC-SHA256 des Inhalts.",
  "subscribers.addWebhook": "Neuen Webhook-Abonnenten hinzufügen",
  "subscribers.notConfigured":
    "Die Überwachung ist nicht eingerichtet: Es gibt keine Statusseite, und niemand abonniert sie.",
  "subscribers.delete": "Löschen",
  "subscribers.emailSubscribers": "E-Mail-Abonnenten",
  "subscribers.none": "Noch keine Abonnenten.",
  "subscribers.email": "E-Mail",
  "subscribers.state": "Zustand",
  "subscribers.language": "Sprache",
  "subscribers.services": "Dienste",
  "subscribers.requested": "Angefragt",
  "subscribers.confirmedAt": "Bestätigt",
  "subscribers.actions": "Aktionen",
  "subscribers.customer": "Kunde",
  "subscribers.url": "URL",
  "subscribers.secret": "Geheimnis",
  "subscribers.added": "Hinzugefügt",
  "subscribers.allServices": "Alle",
  "subscribers.confirmed": "Bestätigt",
  "subscribers.waiting": "Wartet auf Bestätigung",
  "subscribers.consent": "Einwilligung {version}",
  "subscribers.deleteLabel": "Abonnenten {email} löschen",
  "subscribers.deleteQuestion": "Den Abonnenten {email} löschen? Noch nicht an ihn gesendete E-Mails werden verworfen.",
  "subscribers.deleted": "Der Abonnent {email} ist gelöscht.",
  "subscribers.noWebhooks": "Noch keine Webhook-Abonnenten.",
  "subscribers.by": "von {name}",
  "subscribers.deleteWebhookLabel": "Webhook-Abonnenten {customer} löschen",
  "subscribers.deleteWebhookQuestion":
    "Den Webhook von {customer} löschen? Noch nicht gesendete Ereignisse werden verworfen.",
  "subscribers.webhookDeleted": "Der Webhook von {customer} ist gelöscht.",
  "subscribers.webhookAdded": "Der Webhook von {customer} ist hinzugefügt: Geben Sie dem Kunden sein Geheimnis.",
  "subscribers.servicesField": "Dienste (IDs durch Kommas getrennt, leer für alle)",
  "subscribers.add": "Hinzufügen",

  "alerts.title": "Störungen",
  "alerts.test": "Test",
  "alerts.healthyAgain": "wieder in Ordnung",
  "alerts.noLongerUnhealthy": "nicht mehr gestört (eingeschränkt)",
  "alerts.removed": "nicht mehr überwacht",
  "alerts.heldBack": "wegen Wartung zurückgehalten ({at})",
  "alerts.acknowledgedFirst": "bestätigt, bevor benachrichtigt wurde",
  "alerts.notTold": "nicht benachrichtigt (Ruhezeit, oder vorher behoben)",
  "alerts.none": "Keine: {why}",
  "alerts.tries": "({n} Versuche)",
  "alerts.count":
    "{n} Störungen, neueste zuerst. Eine Störung beginnt nach ihrer Fehlerschwelle und endet nach ihrer " +
    "Erfolgsschwelle; jede Benachrichtigung steht je Kanal mit ihrer Zustellung da.",
  "alerts.countOpen":
    "{n} offene Störungen, neueste zuerst. Eine Störung beginnt nach ihrer Fehlerschwelle und endet nach ihrer " +
    "Erfolgsschwelle; jede Benachrichtigung steht je Kanal mit ihrer Zustellung da.",
  "alerts.countResolved":
    "{n} behobene Störungen, neueste zuerst. Eine Störung beginnt nach ihrer Fehlerschwelle und endet nach ihrer " +
    "Erfolgsschwelle; jede Benachrichtigung steht je Kanal mit ihrer Zustellung da.",
  "alerts.filter": "Filter",
  "alerts.all": "Alle",
  "alerts.open": "Offen",
  "alerts.resolved": "Behoben",
  "alerts.caption": "Störungen, Seite {page} von {pages}",
  "alerts.target": "Ziel",
  "alerts.severity": "Schwere",
  "alerts.opened": "Begonnen",
  "alerts.acknowledged": "Bestätigt",
  "alerts.state": "Zustand",
  "alerts.resolvedAtTime": "Behoben am {at}",
  "alerts.duration": "Dauer",
  "alerts.notices": "Benachrichtigungen",
  "alerts.noIncidents": "Noch keine Störungen.",
  "alerts.acknowledgedBy": "{at} von {by}",

  "statusUpdate.titleEn": "Titel (Englisch)",
  "statusUpdate.titleDe": "Titel (Deutsch)",
  "statusUpdate.messageEn": "Meldung (Englisch)",
  "statusUpdate.messageDe": "Meldung (Deutsch)",
  "statusUpdate.failed": "Nicht veröffentlicht (HTTP {status})",
  "statusUpdate.published": "Veröffentlicht: Die Statusseite zeigt es binnen Sekunden.",
  "statusUpdate.summary": "Meldung für die Statusseite",
  "statusUpdate.state": "Stand",
  "statusUpdate.publish": "Meldung veröffentlichen",

  "api.notSignedIn": "Nicht angemeldet",
  "api.crossSite": "Anfrage von einer fremden Website abgelehnt",
  "api.bodyTooLarge": "Die Anfrage ist größer als {kb} KB",
  "api.notFound": "Nicht gefunden",
  "api.busy": "Ausgelastet, bitte versuchen Sie es erneut",
  "api.internal": "Interner Fehler",
  "api.malformedJson": "Fehlerhaftes JSON",
  "api.invalidInput": "Ungültige Eingabe",
  "api.tooManySignIns": "Zu viele Anmeldeversuche",
  "api.tooManyCodes":
    "Zu viele falsche Codes für dieses Konto. Verwenden Sie einen Wiederherstellungscode oder einen Passkey, " +
    "oder warten Sie die angegebene Zeit ab.",
  "api.tooManyKeys": "Zu viele falsche Schlüssel: Bitte versuchen Sie es später erneut",
  "api.invalidCredentials": "Benutzername oder Passwort ist falsch. Bitte versuchen Sie es erneut.",
  "api.usernameRequired": "Bitte geben Sie Ihren Benutzernamen ein",
  "api.usernameTooLong": "Der Benutzername ist zu lang",
  "api.passwordRequired": "Bitte geben Sie Ihr Passwort ein",
  "api.passwordTooLong": "Das Passwort ist zu lang",
  "api.language": "Wählen Sie en (Englisch) oder de (Deutsch)",
  "api.enrolFirst":
    "Ihr Team verlangt einen zweiten Faktor: Richten Sie zuerst eine Authenticator-App oder einen Passkey ein.",
  "api.confirmFirst":
    "Bitte bestätigen Sie, dass Sie es sind: Änderungen an zweiten Faktoren, Rollen und Mitarbeitenden " +
    "erfordern eine frische Anmeldung.",
  "api.refused.dashboard:read": "Ihre Rolle ({role}) darf das Dashboard nicht lesen.",
  "api.refused.account:self": "Ihre Rolle ({role}) darf das eigene Konto nicht verwalten.",
  "api.refused.incidents:acknowledge": "Ihre Rolle ({role}) darf Störungen nicht bestätigen.",
  "api.refused.maintenance:manage": "Ihre Rolle ({role}) darf die Wartung nicht ein- oder ausschalten.",
  "api.refused.status-updates:post": "Ihre Rolle ({role}) darf keine Statusmeldungen veröffentlichen.",
  "api.refused.tests:run": "Ihre Rolle ({role}) darf keine Testalarme auslösen.",
  "api.refused.checks:refresh": "Ihre Rolle ({role}) darf Prüfungen nicht sofort ausführen (Aktualisieren).",
  "api.refused.certificates:renew": "Ihre Rolle ({role}) darf Zertifikate nicht erneuern.",
  "api.refused.messages:manage": "Ihre Rolle ({role}) darf Kontaktnachrichten nicht erneut senden oder löschen.",
  "api.refused.staff:manage": "Ihre Rolle ({role}) darf keine Mitarbeiterkonten verwalten.",
  "api.refused.subscribers:manage": "Ihre Rolle ({role}) darf Abonnenten der Statusseite weder sehen noch entfernen.",
  "api.refused.audit:read": "Ihre Rolle ({role}) darf das Protokoll nicht lesen.",

  "mail.invitation.subject": "Ihre Einladung in den Mitarbeiterbereich von {brand}",
  "mail.invitation.invites": "{inviter} lädt Sie als {role} in den Mitarbeiterbereich von {brand} ein.",
  "mail.invitation.choose":
    "Wählen Sie hier Ihren Benutzernamen und Ihr Passwort (der Link gilt einmal, bis {expires}):",
  "mail.invitation.ignore":
    "Falls Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
  "mail.invitation.linkNotKept": "[der Einladungslink wird nach dem Versand nicht aufbewahrt]",
};
