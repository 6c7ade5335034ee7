// The staff area's English text: the source of every staff dictionary. Pages, the API's error sentences and the
// mails to staff all take their words from here (German: de.ts, same keys and placeholders). Kept apart from the
// public site's dictionaries (app/i18n/), so public pages never carry staff text.
import { dashboardPanelsEn } from "./dashboard-panels-en.ts";
import { dashboardServicesEn } from "./dashboard-services-en.ts";
import { dashboardLocationsEn } from "./dashboard-locations-en.ts";
import { accountAndTeamEn } from "./account-and-team-en.ts";
import { serverSentencesEn } from "./server-sentences-en.ts";

// Each area of the staff area keeps its words in a file of its own.
export const staffEn = {
  ...dashboardPanelsEn,
  ...dashboardServicesEn,
  ...dashboardLocationsEn,
  ...accountAndTeamEn,
  ...serverSentencesEn,
  "language.other": "Deutsch",
  "language.otherLabel": "Show the staff area in German",
  "language.saveFailed": "The language could not be saved. Please try again.",

  "common.dashboard": "Dashboard",
  "common.loading": "Loading…",
  "common.documentTitle": "{page} – Admin Dashboard",
  "time.yours": "(your time: {time})",

  "wait.seconds.one": "{n} second",
  "wait.seconds.other": "{n} seconds",
  "wait.minutes.one": "{n} minute",
  "wait.minutes.other": "{n} minutes",
  "wait.hours.one": "{n} hour",
  "wait.hours.other": "{n} hours",
  "throttle.signIn": "Too many sign-in attempts. Please try again in {wait}.",
  "throttle.codes":
    "Too many wrong codes were tried for this account. Please try again in {wait}, " +
    "or use a recovery code or a passkey.",

  "table.scrolls": "{label} (scrolls)",

  "audit.title": "Audit trail",
  "audit.intro":
    "Sign-ins and staff actions, kept a year. “From” is a keyed pseudonym of the address: the same address gives " +
    "the same value, and the address itself is not stored.",
  "audit.filterLabel": "Filter the audit trail",
  "audit.action": "Action",
  "audit.who": "Who",
  "audit.usernamePlaceholder": "username",
  "audit.filter": "Filter",
  "audit.showAll": "Show all",
  "audit.when": "When",
  "audit.from": "From",
  "audit.what": "What",
  "audit.target": "Target",
  "audit.detail": "Detail",
  "audit.none": "No entries.",
  "audit.notSignedIn": "(not signed in)",
  "audit.pages": "Pages",
  "audit.newer": "Newer",
  "audit.older": "Older",

  "invitation.title": "Invitation",
  "invitation.heading": "Join the team",
  "invitation.needsScript":
    "Accepting an invitation needs JavaScript. Please turn it on for this site and reload the page.",
  "invitation.reading": "Reading the invitation...",
  "invitation.invalid":
    "This invitation is not valid. It may have expired (invitations last 24 hours), been used or been withdrawn.",
  "invitation.mismatch": "The passwords do not match.",
  "invitation.invitedAs": "You are invited as {role} ({email}).",
  "invitation.username": "Username",
  "invitation.password": "Password",
  "invitation.confirmPassword": "Confirm password",
  "invitation.creating": "Creating your account...",
  "invitation.create": "Create account",

  "confirm.cancelled": "Nothing was changed: confirming it's you was cancelled.",
  "confirm.wrongPassword": "That password is not right. Please try again.",
  "confirm.wrongCode": "That code is not right. Please try again.",
  "confirm.title": "Confirm it’s you",
  "confirm.asking": "This change needs a recent sign-in…",
  "confirm.usePasskey": "Use a passkey",
  "confirm.confirming": "Confirming...",
  "confirm.confirm": "Confirm",
  "confirm.cancel": "Cancel",
  "confirm.enterPassword": "This change needs a recent sign-in. Enter your password.",
  "confirm.password": "Password",
  "confirm.withAppRecoveryPasskey":
    "This change needs a recent sign-in. Your account has a second factor: confirm with a code from your " +
    "authenticator app, a recovery code or your passkey.",
  "confirm.withAppRecovery":
    "This change needs a recent sign-in. Your account has a second factor: confirm with a code from your " +
    "authenticator app or a recovery code.",
  "confirm.withRecoveryPasskey":
    "This change needs a recent sign-in. Your account has a second factor: confirm with a recovery code or your " +
    "passkey.",
  "confirm.withRecovery":
    "This change needs a recent sign-in. Your account has a second factor: confirm with a recovery code.",
  "confirm.codeLabel": "Authentication or recovery code",
  "confirm.recoveryLabel": "Recovery code",

  "common.pages": "Pages",
  "common.previous": "Previous",
  "common.next": "Next",
  "common.pageOf": "Page {page} of {pages}",

  "messages.title": "Contact messages",
  "messages.count.one": "{n} message",
  "messages.count.other": "{n} messages",
  "messages.failed": "Failed ({status})",
  "messages.filterByStatus": "Filter by status",
  "messages.status.all": "all",
  "messages.status.pending": "pending",
  "messages.status.sent": "sent",
  "messages.status.failed": "failed",
  "messages.status.spam": "spam",
  "messages.status.quarantined": "quarantined",
  "messages.none": "No messages.",
  "messages.from": "From",
  "messages.received": "Received",
  "messages.language": "Language",
  "messages.statusLabel": "Status",
  "messages.attempts.one": "{n} attempt",
  "messages.attempts.other": "{n} attempts",
  "messages.attemptsSent": "{attempts}, sent {sent}",
  "messages.lastError": "Last error",
  "messages.notSpam": "Not spam: deliver",
  "messages.release": "Release: deliver",
  "messages.retry": "Retry delivery",
  "messages.deleteConfirm": "Delete this message for good?",
  "messages.delete": "Delete",

  "subscribers.title": "Status page subscribers",
  "subscribers.intro":
    "Visitors who subscribed to /en/status or /de/status by e-mail. Unconfirmed addresses are deleted 48 hours " +
    "after their request.",
  "subscribers.webhooks": "Webhook subscribers",
  "subscribers.secretBefore": "Give the secret to the customer: each request carries",
  "subscribers.secretAfter": "HMAC-SHA256 of the body.",
  "subscribers.addWebhook": "Add a webhook subscriber",
  "subscribers.notConfigured": "Monitoring is not configured: there is no status page, and nobody subscribes to it.",
  "subscribers.delete": "Delete",
  "subscribers.emailSubscribers": "E-mail subscribers",
  "subscribers.none": "No subscribers yet.",
  "subscribers.email": "E-mail",
  "subscribers.state": "State",
  "subscribers.language": "Language",
  "subscribers.services": "Services",
  "subscribers.requested": "Requested",
  "subscribers.confirmedAt": "Confirmed",
  "subscribers.actions": "Actions",
  "subscribers.customer": "Customer",
  "subscribers.url": "URL",
  "subscribers.secret": "Secret",
  "subscribers.added": "Added",
  "subscribers.allServices": "All",
  "subscribers.confirmed": "Confirmed",
  "subscribers.waiting": "Waiting for confirmation",
  "subscribers.consent": "consent {version}",
  "subscribers.deleteLabel": "Delete subscriber {email}",
  "subscribers.deleteQuestion": "Delete the subscriber {email}? Mail not sent to them yet is dropped.",
  "subscribers.deleted": "The subscriber {email} is deleted.",
  "subscribers.noWebhooks": "No webhook subscribers yet.",
  "subscribers.by": "by {name}",
  "subscribers.deleteWebhookLabel": "Delete webhook subscriber {customer}",
  "subscribers.deleteWebhookQuestion": "Delete the webhook of {customer}? Events not sent to it yet are dropped.",
  "subscribers.webhookDeleted": "The webhook of {customer} is deleted.",
  "subscribers.webhookAdded": "The webhook of {customer} is added: give them its secret.",
  "subscribers.servicesField": "Services (comma-separated ids, empty for all)",
  "subscribers.add": "Add",

  "alerts.title": "Incidents",
  "alerts.test": "test",
  "alerts.healthyAgain": "healthy again",
  "alerts.noLongerUnhealthy": "no longer unhealthy (degraded)",
  "alerts.removed": "no longer monitored",
  "alerts.heldBack": "held back by maintenance ({at})",
  "alerts.acknowledgedFirst": "acknowledged before it was told",
  "alerts.notTold": "not told (cooldown, or resolved before it was)",
  "alerts.none": "None: {why}",
  "alerts.tries": "({n} tries)",
  "alerts.count":
    "{n} incidents, newest first. An incident opens after its failure threshold and resolves after its success " +
    "threshold; each notice is listed per channel with its delivery.",
  "alerts.countOpen":
    "{n} open incidents, newest first. An incident opens after its failure threshold and resolves after its " +
    "success threshold; each notice is listed per channel with its delivery.",
  "alerts.countResolved":
    "{n} resolved incidents, newest first. An incident opens after its failure threshold and resolves after its " +
    "success threshold; each notice is listed per channel with its delivery.",
  "alerts.filter": "Filter",
  "alerts.all": "All",
  "alerts.open": "Open",
  "alerts.resolved": "Resolved",
  "alerts.caption": "Incidents, page {page} of {pages}",
  "alerts.target": "Target",
  "alerts.severity": "Severity",
  "alerts.opened": "Opened",
  "alerts.acknowledged": "Acknowledged",
  "alerts.state": "State",
  "alerts.resolvedAtTime": "Resolved at {at}",
  "alerts.duration": "Duration",
  "alerts.notices": "Notices",
  "alerts.noIncidents": "No incidents yet.",
  "alerts.acknowledgedBy": "{at} by {by}",

  "statusUpdate.titleEn": "Title (English)",
  "statusUpdate.titleDe": "Title (German)",
  "statusUpdate.messageEn": "Message (English)",
  "statusUpdate.messageDe": "Message (German)",
  "statusUpdate.failed": "Not published (HTTP {status})",
  "statusUpdate.published": "Published: the status page shows it within seconds.",
  "statusUpdate.summary": "Status page update",
  "statusUpdate.state": "State",
  "statusUpdate.publish": "Publish update",

  "api.notSignedIn": "Not signed in",
  "api.crossSite": "Cross-site request refused",
  "api.bodyTooLarge": "Request body larger than {kb} KB",
  "api.notFound": "Not found",
  "api.busy": "Busy, please retry",
  "api.internal": "Internal error",
  "api.malformedJson": "Malformed JSON",
  "api.invalidInput": "Invalid input",
  "api.tooManySignIns": "Too many sign-in attempts",
  "api.tooManyCodes":
    "Too many wrong codes for this account. Use a recovery code or a passkey, or wait for the time given.",
  "api.tooManyKeys": "Too many wrong keys: try again later",
  "api.invalidCredentials": "Invalid credentials. Please try again.",
  "api.usernameRequired": "Username is required",
  "api.usernameTooLong": "Username is too long",
  "api.passwordRequired": "Password is required",
  "api.passwordTooLong": "Password is too long",
  "api.language": "Choose en (English) or de (German)",
  "api.enrolFirst": "Your team requires a second factor: add an authenticator app or a passkey first.",
  "api.confirmFirst": "Please confirm it is you: changes to second factors, roles and staff need a recent sign-in.",
  "api.refused.dashboard:read": "Your role ({role}) may not read the dashboard.",
  "api.refused.account:self": "Your role ({role}) may not manage their own account.",
  "api.refused.incidents:acknowledge": "Your role ({role}) may not acknowledge incidents.",
  "api.refused.maintenance:manage": "Your role ({role}) may not turn maintenance on or off.",
  "api.refused.status-updates:post": "Your role ({role}) may not post status updates.",
  "api.refused.tests:run": "Your role ({role}) may not run test alerts.",
  "api.refused.checks:refresh": "Your role ({role}) may not run checks now (refresh).",
  "api.refused.certificates:renew": "Your role ({role}) may not renew certificates.",
  "api.refused.messages:manage": "Your role ({role}) may not retry or delete contact messages.",
  "api.refused.staff:manage": "Your role ({role}) may not manage staff accounts.",
  "api.refused.subscribers:manage": "Your role ({role}) may not see or remove status page subscribers.",
  "api.refused.audit:read": "Your role ({role}) may not read the audit trail.",

  "mail.invitation.subject": "Your invitation to the {brand} staff area",
  "mail.invitation.invites": "{inviter} invites you to the {brand} staff area as {role}.",
  "mail.invitation.choose": "Choose your username and password here (the link works once, until {expires}):",
  "mail.invitation.ignore":
    "If you did not expect this invitation, ignore this mail: nothing happens without the link.",
  "mail.invitation.linkNotKept": "[the invitation link is not kept once the mail is sent]",
} as const;

export type StaffKey = keyof typeof staffEn;
export type StaffMessages = Record<StaffKey, string>;
