// Test Email and Test Failure from the dashboard: a notice marked TEST on the
// channels a real one would take, through alerting's one test at a time; no
// state, cooldown or history of any service changes.
import { channelNames, problems } from "#server/alerting/alert-tests.ts";
import type { Alerting } from "#server/alerting/alerting.ts";
import { composeNotice, composeTestMessage } from "#server/alerting/notice-text.ts";
import type { StaffSentence } from "#server/auth/sentence-error.ts";
import { hostKey } from "./service-targets.ts";
import { hostNames, type ServiceConfig, type ServicesConfig } from "./services-config.ts";

/** The answer's message is a staff sentence: the API words it in the staff language of the request. */
export type TestAnswer = { success: boolean; message: StaffSentence; channels: unknown[] };

/** Test Email: a test notice on every channel; null when another test is running. */
export async function sendTestEmail(alerting: Alerting, by: string): Promise<TestAnswer | null> {
  const dashboardUrl = alerting.dashboardUrl;
  const outcomes = await alerting.tests.send(
    (id, at) => composeTestMessage({ id, at, dashboardUrl, by }),
    alerting.notifier.channels(),
  );
  if (!outcomes) return null;
  if (outcomes.length === 0) return { success: false, message: { key: "api.test.emailNoChannel" }, channels: [] };
  const success = outcomes.every((outcome) => outcome.status === "sent");
  const message: StaffSentence = success
    ? { key: "api.test.emailSent", vars: { channels: channelNames(outcomes) } }
    : { key: "api.test.emailFailed", vars: { problems: problems(outcomes) } };
  return { success, message, channels: outcomes };
}

/**
 * Test Failure: the notice a real failure of one host would give (the
 * service's routes pick the channels), marked TEST. null when another test is
 * running, undefined for an unknown service.
 */
export async function sendTestFailure(
  alerting: Alerting,
  config: ServicesConfig,
  serviceId: string | undefined,
  by: string,
): Promise<TestAnswer | null | undefined> {
  const service = serviceId
    ? config.services.find((entry) => entry.id === serviceId)
    : (config.services.find((entry) => entry.profile !== "infrastructure") ?? config.services[0]);
  if (!service) return undefined;
  const channels = alerting.notifier.channelsFor({
    source: "service",
    serviceId: service.id,
    profile: service.profile,
  });
  const outcomes = await alerting.tests.send(
    (id, at) => simulatedFailure(service, { id, at, by, dashboardUrl: alerting.dashboardUrl }),
    channels,
  );
  if (!outcomes) return null;
  const name = service.name;
  if (outcomes.length === 0)
    return { success: false, message: { key: "api.test.failureNoRoute", vars: { name } }, channels: [] };
  const success = outcomes.every((outcome) => outcome.status === "sent");
  const message: StaffSentence = success
    ? { key: "api.test.failureSent", vars: { name, channels: channelNames(outcomes) } }
    : { key: "api.test.failureFailed", vars: { name, problems: problems(outcomes) } };
  return { success, message, channels: outcomes };
}

/** The opening notice of the service's first host failing. */
function simulatedFailure(
  service: ServiceConfig,
  notice: { id: string; at: number; by: string; dashboardUrl: string },
) {
  const { id, at, by, dashboardUrl } = notice;
  const host = hostNames(service)[0]!;
  return composeNotice({
    id,
    kind: "opened",
    group: { key: `service:${service.id}`, name: service.name, source: "service", serviceId: service.id },
    incidents: [
      {
        id: 0,
        target: hostKey(service.id, host),
        name: `${service.name} on ${host}`,
        label: host,
        summary: "is unhealthy",
        state: "failing",
        severity: "critical",
        message: "Simulated failure (Test Failure)",
        openedAt: at,
        resolvedAt: null,
      },
    ],
    at,
    dashboardUrl,
    test: { by },
  });
}
