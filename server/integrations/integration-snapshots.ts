// The newest reading of each sampled integration (nginx, HAProxy, AI
// services), one row each in integration_snapshots: how each is sampled, when
// one says its source could not be read, and whether it is configured.
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#server/db/schema.ts";
import { emptyAiHealth, readAiServices, type AiServicesHealth } from "./ai/ai-health.ts";
import { readHaproxyStats, type HaproxySnapshot } from "./haproxy/haproxy-stats.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";
import { readNginx, type NginxReport, type NginxSample } from "./nginx/nginx-report.ts";

type NginxSnapshot = { report: NginxReport; samples: NginxSample[] };
export type Snapshots = { nginx: NginxSnapshot; haproxy: HaproxySnapshot; "ai-services": AiServicesHealth };
export type SnapshotName = keyof Snapshots;
export type Snapshot<N extends SnapshotName> = { value: Snapshots[N]; sampledAt: number };

export const SAMPLED = ["nginx", "haproxy", "ai-services"] as const;

export async function loadSnapshot<N extends SnapshotName>(
  db: Kysely<Database>,
  name: N,
): Promise<Snapshot<N> | undefined> {
  const row = await db
    .selectFrom("integration_snapshots")
    .select(["payload", "sampled_at"])
    .where("name", "=", name)
    .executeTakeFirst();
  return row ? { value: JSON.parse(row.payload) as Snapshots[N], sampledAt: row.sampled_at } : undefined;
}

export async function storeSnapshot<N extends SnapshotName>(
  db: Kysely<Database>,
  name: N,
  value: Snapshots[N],
  at: number,
): Promise<void> {
  const payload = JSON.stringify(value);
  await db
    .insertInto("integration_snapshots")
    .values({ name, payload, sampled_at: at })
    .onConflict((oc) => oc.column("name").doUpdateSet({ payload, sampled_at: at }))
    .execute();
}

/** When each stored snapshot was sampled, by name. */
export async function sampledAtByName(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute();
  return new Map(rows.map((row) => [row.name, row.sampled_at]));
}

export const configuredSource = (integrations: IntegrationsConfig, name: SnapshotName) =>
  name === "ai-services" ? integrations.aiServices : integrations[name];

export type SamplerContext = {
  integrations: IntegrationsConfig;
  db: Kysely<Database>;
  now: () => number;
  logger: Logger;
};

const samplers: { [N in SnapshotName]: (context: SamplerContext) => Promise<Snapshots[N]> } = {
  async nginx({ integrations, db, now }) {
    const config = integrations.nginx!;
    const previous = await loadSnapshot(db, "nginx");
    return readNginx(config, previous?.value.samples, now);
  },
  async haproxy({ integrations }) {
    const config = integrations.haproxy!;
    try {
      return { ok: true, stats: await readHaproxyStats(config.source, { timeoutMs: config.timeoutMs }) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  },
  async "ai-services"({ integrations, now, logger }) {
    const config = integrations.aiServices!;
    try {
      return await readAiServices(config, now);
    } catch (error) {
      logger.error({ err: error }, "AI services health failed");
      return emptyAiHealth(now());
    }
  },
};

/** Reads a configured source now; a source that cannot be read gives a reading that says so. */
export const sampleSource = <N extends SnapshotName>(name: N, context: SamplerContext): Promise<Snapshots[N]> =>
  samplers[name](context);

const failed: { [N in SnapshotName]: (value: Snapshots[N]) => boolean } = {
  nginx: (value) => value.samples.every((entry) => "error" in entry),
  haproxy: (value) => !value.ok,
  "ai-services": (value) => value.services.every((service) => service.status === "unhealthy"),
};

/** A reading that says the source could not be read: a Retry samples it again at once. */
export const readingFailed = <N extends SnapshotName>(name: N, value: Snapshots[N]): boolean => failed[name](value);
