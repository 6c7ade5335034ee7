// The public status as the rest of the server sees it: built from the store
// when its version changed (asked every few seconds by the page renderer, not
// per visitor), and kept in memory for the page, its JSON, feeds and badges.
import type { PublicStatus } from "#shared/status/public-status.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";
import { buildPublicStatus } from "./status-model.ts";
import type { StatusStore } from "./status-store.ts";

/** Rebuilt at least this often even when nothing changed: days roll over, windows begin and end. */
export const STATUS_MAX_AGE_MS = 60_000;

export function createStatusSource(options: {
  store: StatusStore;
  services: () => readonly ServiceConfig[];
  now: () => number;
}) {
  let current: { status: PublicStatus; version: string; builtAt: number; config: readonly ServiceConfig[] } | undefined;
  let building: Promise<PublicStatus> | undefined;

  async function build(): Promise<PublicStatus> {
    const version = await options.store.version();
    const services = options.services();
    const time = options.now();
    if (
      current &&
      current.version === version &&
      current.config === services &&
      time - current.builtAt < STATUS_MAX_AGE_MS
    )
      return current.status;
    const status = buildPublicStatus(await options.store.inputs(services));
    current = { status, version, builtAt: time, config: services };
    return status;
  }

  return {
    /** The status as last built; undefined before the first build. */
    current: () => current?.status,
    /** Builds it again when anything changed (one build at a time); resolves to the status now. */
    refresh(): Promise<PublicStatus> {
      building ??= build().finally(() => (building = undefined));
      return building;
    },
  };
}

export type StatusSource = ReturnType<typeof createStatusSource>;
