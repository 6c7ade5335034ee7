// The staff area's German text for server sentences: the keys and placeholders of server-sentences-en.ts.
import type { serverSentencesEn } from "./server-sentences-en.ts";

export const serverSentencesDe: Record<keyof typeof serverSentencesEn, string> = {
  "api.staff.emailRule": "E-Mail: Geben Sie eine vollständige Adresse an, etwa carol@example.com",
  "api.staff.emailTooLong": "E-Mail: höchstens 254 Zeichen",
  "api.staff.role": "Rolle: Wählen Sie owner, operator oder viewer",
  "api.staff.unknownRole": "Unbekannte Rolle „{role}“: Verwenden Sie eine von {roles}",
  "api.staff.requireSecondFactor": "requireSecondFactor muss true oder false sein",
  "api.staff.noAccount": "Kein Konto „{username}“",
  "api.staff.noInvitation": "Keine offene Einladung mit dieser Nummer",
  "api.staff.ownFactorFirst":
    "Richten Sie zuerst für Ihr eigenes Konto einen zweiten Faktor ein (auf Ihrer Kontoseite).",
  "api.staff.notYourself": "Sie können Ihr eigenes Konto nicht sperren",
  "api.staff.usernameRule":
    "Benutzername: 1 bis 64 Zeichen aus Buchstaben, Ziffern, Punkt, Bindestrich oder Unterstrich, " +
    "am Anfang ein Buchstabe oder eine Ziffer",
  "api.staff.usernameTaken": "Das Konto „{username}“ gibt es bereits",
  "api.staff.emailTaken": "Ein Konto mit der Adresse {email} gibt es bereits",
  "api.staff.lastOwner": "„{username}“ ist der letzte owner: Machen Sie zuerst ein anderes Konto zum owner",
  "api.staff.invitationPending":
    "Eine Einladung an {email} ist noch offen: Ziehen Sie sie zuerst zurück, um eine neue zu senden",
  "api.password.tooShort": "Das Passwort muss mindestens {min} Zeichen lang sein",
  "api.password.tooLongRule": "Das Passwort darf höchstens {max} Zeichen lang sein",
  "api.password.common": "Das Passwort ist zu verbreitet",
  "api.password.containsUsername": "Das Passwort darf den Benutzernamen nicht enthalten",
  "api.signIn.invalidCode": "Ungültiger Code. Bitte versuchen Sie es erneut.",
  "api.signIn.spentRecoveryCode": "Dieser Wiederherstellungscode wurde bereits verwendet.",
  "api.signIn.expired": "Die Anmeldung hat zu lange gedauert. Bitte beginnen Sie erneut.",
  "api.signIn.codeRequired": "Bitte geben Sie den Code ein",
  "api.signIn.codeTooLong": "Der Code ist zu lang",
  "api.signIn.passwordOrCode": "Bitte geben Sie das Passwort oder einen Code ein",
  "api.signIn.secondFactorNeeded":
    "Ihr Konto hat einen zweiten Faktor: Bestätigen Sie mit einem Code aus Ihrer Authenticator-App, " +
    "einem Wiederherstellungscode oder einem Passkey.",
  "api.signIn.passkeyRefused": "Dieser Passkey wurde nicht akzeptiert.",
  "api.signIn.passkeyExpired": "Die Passkey-Anfrage ist abgelaufen: Bitte versuchen Sie es erneut.",
  "api.signIn.wrongPassword": "Falsches Passwort. Bitte versuchen Sie es erneut.",
  "api.signIn.noPasskey": "Ihr Konto hat keinen Passkey",
  "api.invitation.invalid":
    "Diese Einladung ist nicht gültig. Sie ist vielleicht abgelaufen (Einladungen gelten 24 Stunden), " +
    "wurde schon verwendet oder zurückgezogen.",
  "api.invitation.tokenRequired": "Der Einladungsschlüssel fehlt",
  "api.invitation.tokenTooLong": "Der Einladungsschlüssel ist zu lang",
  "api.account.currentRequired": "Bitte geben Sie das aktuelle Passwort ein",
  "api.account.newRequired": "Bitte geben Sie das neue Passwort ein",
  "api.account.wrongPassword": "Das aktuelle Passwort ist falsch",
  "api.account.labelRequired": "Bezeichnung: Geben Sie einen Namen ein",
  "api.account.labelTooLong": "Bezeichnung: höchstens 64 Zeichen",
  "api.account.sixDigits": "Geben Sie die 6 Ziffern ein, die die App anzeigt",
  "api.account.setupExpired": "Die Einrichtung ist abgelaufen: Bitte beginnen Sie erneut",
  "api.account.wrongCode": "Dieser Code stimmt nicht",
  "api.account.requestExpired": "Die Anfrage ist abgelaufen: Bitte versuchen Sie es erneut",
  "api.account.passkeyRefused": "Der Passkey wurde nicht akzeptiert: {reason}",
  "api.account.passkeyTaken": "Dieser Passkey ist bereits registriert",
  "api.account.noFactor": "Diesen Faktor gibt es nicht",
  "api.account.factorFirst": "Richten Sie zuerst eine Authenticator-App oder einen Passkey ein",
};
