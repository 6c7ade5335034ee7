// What the monitoring configuration is now, as the staff API and the
// dashboard's first render give it: the file that runs (and an edit of it
// that was refused, with its problems), and the placeholders still in it.
import type { Services } from "./services.ts";

export type MonitoringConfigurationStatus = {
  /** The watched file; null when the configuration did not come from a file. */
  file: string | null;
  loadedAt: string | null;
  /** The last edit of the file that failed validation: the configuration loaded before it runs on. */
  rejected: { at: string; problems: string[] } | null;
  placeholders: { path: string; target: string }[];
};

/** Null without a monitoring configuration. */
export function monitoringConfigurationStatus(
  services: Pick<Services, "monitoringConfiguration">,
): MonitoringConfigurationStatus | null {
  const configuration = services.monitoringConfiguration?.();
  if (!configuration) return null;
  const { file, placeholders } = configuration;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    file: file?.file ?? null,
    loadedAt: file ? iso(file.loadedAt) : null,
    rejected: file?.rejected ? { at: iso(file.rejected.at), problems: file.rejected.problems } : null,
    placeholders,
  };
}
