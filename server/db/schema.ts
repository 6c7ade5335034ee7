// The database's tables as Kysely sees them. Times are milliseconds since
// the epoch (bigint in PostgreSQL, read back as numbers).
import type { Generated } from "kysely";
import type {
  StaffUsersTable,
  SessionsTable,
  StaffFactorsTable,
  RecoveryCodesTable,
  StaffInvitationsTable,
  AuthChallengesTable,
  StaffSettingsTable,
  AuthFailuresTable,
  ServerSecretsTable,
} from "./schema-staff.ts";

export type OutboxStatus = "pending" | "sent" | "failed";

export interface OutboxTable {
  id: Generated<number>;
  /** What it is: "contact", "alert", "test". */
  kind: string;
  /** Where it goes: "contact", or "alert:<channel name>". */
  channel: string;
  /** What is sent, as JSON: rendered when queued. */
  payload: string;
  /** What the row keeps of its payload once sent or given up (a payload with a secret in it); null: all of it. */
  redacted_payload: Generated<string | null>;
  /** Fixed per row, so a resend after a crash can be recognised as the same message (Message-ID, notification id). */
  message_id: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  created_at: number;
  /** The 24-hour retry window starts at the first attempt, not when the row was queued. */
  first_attempt_at: number | null;
  next_attempt_at: number;
  /** A sender holds the row until then; a crashed sender's lease runs out. */
  lease_until: Generated<number>;
  last_error: string | null;
  sent_at: number | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  received_at: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  ip_hash: string;
  spam: Generated<number>;
  outbox_id: number | null;
  /** 1 when taken in past the global ceiling: kept, not mailed until staff release it. */
  quarantined: Generated<number>;
}

export interface ContactRateLimitsTable {
  /** "ip:<hash>" or "global" */
  key: string;
  window_start: number;
  count: number;
}

export interface MonitorEndpointsTable {
  id: Generated<number>;
  service_id: string;
  host: string;
}

export interface MonitorHostStateTable {
  endpoint_id: number;
  /** The engine's HostState as JSON. */
  state: string;
  updated_at: number;
}

export interface MonitorResultsTable {
  endpoint_id: number;
  checked_at: number;
  /** 0 healthy, 1 degraded, 2 unhealthy */
  status: number;
  response_ms: number | null;
}

export interface MonitorPushesTable {
  /** sha256 of the push token, hex. */
  token_hash: string;
  watched_since: number;
  received_at: number | null;
  /** "up" or "down", as the job said. */
  status: string | null;
  message: string | null;
  ping_ms: number | null;
}

/** What a remote probe last said about itself. */
export interface ProbeLocationsTable {
  location: string;
  /** When its last batch arrived (server time, ms). */
  last_seen_at: number;
  /** 1 when its own connectivity check passed, 0 when its network was down. */
  online: number;
  connectivity_checked_at: number | null;
  connectivity_error: string | null;
  /** Its clock minus the server's when its last batch arrived (ms). */
  skew_ms: number;
}

/** A result a remote probe measured, in the server's time. */
export interface ProbeResultsTable {
  endpoint_id: number;
  location: string;
  checked_at: number;
  received_at: number;
  /** 0 healthy, 1 degraded, 2 unhealthy */
  status: number;
  response_ms: number | null;
  error_message: string | null;
  skew_ms: number;
}

export interface MonitorRollupsTable {
  endpoint_id: number;
  /** Start of the hour, ms. */
  hour: number;
  checks: number;
  failures: number;
  mean_ms: number | null;
  p95_ms: number | null;
}

export interface IncidentsTable {
  id: Generated<number>;
  target: string;
  source: string;
  group_key: string;
  name: string;
  group_name: string;
  label: string;
  summary: string;
  service_id: string | null;
  profile: string | null;
  severity: string;
  message: string | null;
  opened_at: number;
  resolved_at: number | null;
  /** "healthy", "degraded" or "removed" (no longer monitored). */
  resolution: string | null;
  announced: Generated<number>;
  suppressed_at: number | null;
  last_notice_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  acknowledgement_note: string | null;
  test: Generated<number>;
}

export interface IncidentNoticesTable {
  id: Generated<number>;
  incident_id: number;
  outbox_id: number | null;
  /** "opened", "reminder", "escalated", "resolved", "test" */
  kind: string;
  channel: string;
  at: number;
}

export interface AlertTargetsTable {
  target: string;
  streak: number;
  updated_at: number;
}

export interface IncidentAffectedTable {
  id: Generated<number>;
  incident_id: number;
  target: string;
  name: string;
  group_name: string;
  label: string;
  service_id: string | null;
  since: number;
  /** When the target stopped failing before the incident resolved; null: until the incident resolves. */
  until: number | null;
}

export interface MaintenanceAnnouncementsTable {
  event: string;
  at: number;
}

export interface StatusUpdatesTable {
  id: Generated<number>;
  incident_id: number;
  posted_at: number;
  posted_by: string;
  /** investigating, identified, monitoring or resolved */
  state: string;
  title_en: string;
  title_de: string;
  message_en: string;
  message_de: string;
}

export interface MaintenanceStateTable {
  id: number;
  is_active: number;
  reason: string | null;
  enabled_at: number | null;
  enabled_by: string | null;
  estimated_duration_minutes: number | null;
  notes: string | null;
  updated_at: number;
}

export interface MaintenanceHistoryTable {
  id: Generated<number>;
  at: number;
  action: string;
  by_user: string;
  reason: string;
  notes: string | null;
  estimated_duration_minutes: number | null;
}

export interface MonitorLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface MonitorMetaTable {
  key: string;
  value: number;
}

export interface IntegrationSnapshotsTable {
  name: string;
  payload: string;
  sampled_at: number;
}

export interface CertificatesTable {
  domain: string;
  server_ip: string;
  port: number;
  reading: string;
  checked_at: number;
  renewal_attempted_at: number | null;
}

export interface CertificateRenewalsTable {
  id: Generated<number>;
  at: number;
  domain: string;
  server_ip: string;
  method: string;
  trigger: string;
  success: number;
  message: string;
}

export interface AcmeChallengesTable {
  token: string;
  key_authorization: string;
  expires_at: number;
}

export interface AcmeAccountsTable {
  directory_url: string;
  key_pem: string;
  created_at: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  /** The staff account's name, "cli", "deploy" or "system"; null for someone not signed in. */
  actor: string | null;
  actor_id: number | null;
  /** The keyed pseudonym of the client's address (server/net/ip-pseudonym.ts); null when there was no request. */
  source: string | null;
  /** A short dotted name: "sign-in.succeeded", "maintenance.on". */
  action: string;
  target: string | null;
  /** JSON text. */
  detail: string | null;
}

export interface StatusSubscribersTable {
  id: Generated<number>;
  email: string;
  language: string | null;
  services: string | null;
  confirmed_at: number | null;
  consent_version: string | null;
  consent_requested_at: number | null;
  consent_requested_ip: string | null;
  requested_at: number;
  requested_ip: string;
  confirmed_ip: string | null;
  requested_language: string;
  requested_services: string | null;
  requested_consent_version: string;
  confirm_hash: string | null;
  confirm_sent_at: number;
  confirm_expires_at: number;
  nonce: string;
}

export interface StatusWebhooksTable {
  id: Generated<number>;
  customer: string;
  url: string;
  services: string | null;
  nonce: string;
  created_at: number;
  created_by: string;
}

export interface StatusEventsTable {
  id: Generated<number>;
  key: string;
  kind: string;
  at: number;
  payload: string;
  recipients: number;
}

export interface Database {
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  staff_factors: StaffFactorsTable;
  recovery_codes: RecoveryCodesTable;
  staff_invitations: StaffInvitationsTable;
  auth_challenges: AuthChallengesTable;
  staff_settings: StaffSettingsTable;
  auth_failures: AuthFailuresTable;
  server_secrets: ServerSecretsTable;
  outbox: OutboxTable;
  contact_messages: ContactMessagesTable;
  contact_rate_limits: ContactRateLimitsTable;
  monitor_endpoints: MonitorEndpointsTable;
  monitor_host_state: MonitorHostStateTable;
  monitor_results: MonitorResultsTable;
  monitor_rollups: MonitorRollupsTable;
  monitor_pushes: MonitorPushesTable;
  probe_locations: ProbeLocationsTable;
  probe_results: ProbeResultsTable;
  incidents: IncidentsTable;
  incident_notices: IncidentNoticesTable;
  alert_targets: AlertTargetsTable;
  incident_affected: IncidentAffectedTable;
  maintenance_announcements: MaintenanceAnnouncementsTable;
  status_updates: StatusUpdatesTable;
  maintenance_state: MaintenanceStateTable;
  maintenance_history: MaintenanceHistoryTable;
  monitor_leases: MonitorLeasesTable;
  monitor_meta: MonitorMetaTable;
  integration_snapshots: IntegrationSnapshotsTable;
  certificates: CertificatesTable;
  certificate_renewals: CertificateRenewalsTable;
  acme_challenges: AcmeChallengesTable;
  acme_accounts: AcmeAccountsTable;
  audit_events: AuditEventsTable;
  status_subscribers: StatusSubscribersTable;
  status_webhooks: StatusWebhooksTable;
  status_events: StatusEventsTable;
}
