import { MonitorConfigError, parseMonitoringConfig } from "./monitoring-config.ts";

/**
 * Shared by the monitoring-config-*.test.ts files: the problems a configuration text is refused for, none when
 * it is valid.
 */
export const problems = (text: string, env: Record<string, string> = {}) => {
  try {
    parseMonitoringConfig(text, env);
  } catch (error) {
    if (error instanceof MonitorConfigError) return error.problems;
    throw error;
  }
  return [];
};

export const base = (services: string) => `alerts: { to: ops@example.com }\nservices:\n${services}`;
