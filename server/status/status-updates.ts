// Staff's words about an incident of a public service, for the status page:
// each update has a state and a title and message in English and German. An
// incident of a private service has a public side only when it took a public
// one down (dependsOn); a test or another source has none.
import type { Kysely, Selectable } from "kysely";
import type { StatusUpdateInput } from "#shared/status/status-update-schema.ts";
import type { Database } from "#server/db/schema.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";

export type StatusUpdateView = {
  id: number;
  incidentId: number;
  /** The public services the incident concerns. */
  serviceIds: string[];
  at: string;
  by: string;
  state: string;
  titleEn: string;
  titleDe: string;
  messageEn: string;
  messageDe: string;
};

export function createStatusUpdates(options: {
  db: Kysely<Database>;
  now: () => number;
  services: () => readonly ServiceConfig[];
}) {
  const { db, now } = options;

  /**
   * Why an incident cannot be told publicly, or null when it can: it is a public service's, or it took one down
   * (dependsOn).
   */
  async function publicServiceIds(incidentId: number): Promise<string[] | "not-found" | "not-public"> {
    const incident = await db
      .selectFrom("incidents")
      .select(["source", "service_id", "test"])
      .where("id", "=", incidentId)
      .executeTakeFirst();
    if (!incident) return "not-found";
    if (incident.source !== "service" || incident.test) return "not-public";
    const affected = await db
      .selectFrom("incident_affected")
      .select("service_id")
      .distinct()
      .where("incident_id", "=", incidentId)
      .execute();
    const ids = new Set([incident.service_id, ...affected.map((row) => row.service_id)]);
    const visible = options.services().filter((service) => service.public && ids.has(service.id));
    return visible.length > 0 ? visible.map((service) => service.id) : "not-public";
  }

  async function refusal(incidentId: number): Promise<"not-found" | "not-public" | null> {
    const ids = await publicServiceIds(incidentId);
    return typeof ids === "string" ? ids : null;
  }

  const view = (row: Selectable<Database["status_updates"]>, serviceIds: string[]): StatusUpdateView => ({
    id: row.id,
    incidentId: row.incident_id,
    serviceIds,
    at: new Date(Number(row.posted_at)).toISOString(),
    by: row.posted_by,
    state: row.state,
    titleEn: row.title_en,
    titleDe: row.title_de,
    messageEn: row.message_en,
    messageDe: row.message_de,
  });

  return {
    refusal,

    async post(
      incidentId: number,
      by: string,
      input: StatusUpdateInput,
    ): Promise<StatusUpdateView | "not-found" | "not-public"> {
      const serviceIds = await publicServiceIds(incidentId);
      if (typeof serviceIds === "string") return serviceIds;
      const row = await db
        .insertInto("status_updates")
        .values({
          incident_id: incidentId,
          posted_at: now(),
          posted_by: by,
          state: input.state,
          title_en: input.titleEn,
          title_de: input.titleDe,
          message_en: input.messageEn,
          message_de: input.messageDe,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return view(row, serviceIds);
    },

    /** An incident's updates, newest first. */
    async list(incidentId: number): Promise<StatusUpdateView[]> {
      const rows = await db
        .selectFrom("status_updates")
        .selectAll()
        .where("incident_id", "=", incidentId)
        .orderBy("posted_at", "desc")
        .orderBy("id", "desc")
        .execute();
      const serviceIds = await publicServiceIds(incidentId);
      return rows.map((row) => view(row, typeof serviceIds === "string" ? [] : serviceIds));
    },
  };
}

export type StatusUpdates = ReturnType<typeof createStatusUpdates>;
