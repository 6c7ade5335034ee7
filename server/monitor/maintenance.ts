// Maintenance mode: while it is on, checks keep running (the history stays
// honest) and only alert mail is held back. Every change is kept in a history.
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.ts";

export const MAINTENANCE_REQUIRED = "Reason and Enabled By are required when enabling maintenance mode";
export const DEFAULT_COMPLETION = "Maintenance completed";

export type MaintenanceStatus = {
  is_active: boolean;
  reason: string | null;
  enabled_at: string | null;
  enabled_by: string | null;
  estimated_duration_minutes: number | null;
  notes: string | null;
  updated_at: string | null;
};

export const maintenanceRequest = z.object({
  enable: z.boolean({ error: "enable must be true or false" }),
  enabledBy: z.string().max(100).optional(),
  reason: z.string().max(500).optional(),
  notes: z.string().max(2000).optional(),
  estimatedDurationMinutes: z.number().int().min(1).max(100_000).optional(),
});
export type MaintenanceRequest = z.infer<typeof maintenanceRequest>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createMaintenance(db: Kysely<Database>, now: () => number) {
  async function status(): Promise<MaintenanceStatus> {
    const row = await db.selectFrom("maintenance_state").selectAll().where("id", "=", 1).executeTakeFirst();
    if (!row) return { is_active: false, reason: null, enabled_at: null, enabled_by: null, estimated_duration_minutes: null, notes: null, updated_at: null };
    return {
      is_active: row.is_active === 1,
      reason: row.reason,
      enabled_at: iso(row.enabled_at === null ? null : Number(row.enabled_at)),
      enabled_by: row.enabled_by,
      estimated_duration_minutes: row.estimated_duration_minutes,
      notes: row.notes,
      updated_at: iso(Number(row.updated_at)),
    };
  }

  return {
    status,
    async isActive(): Promise<boolean> {
      return (await status()).is_active;
    },

    /** Applies a change; a bad enable request is refused and changes nothing. */
    async change(request: MaintenanceRequest): Promise<{ ok: true; status: MaintenanceStatus; message: string } | { ok: false; message: string }> {
      const time = now();
      const by = request.enabledBy?.trim() ?? "";
      if (request.enable) {
        const reason = request.reason?.trim() ?? "";
        if (!reason || !by) return { ok: false, message: MAINTENANCE_REQUIRED };
        const notes = request.notes?.trim() || null;
        const estimated = request.estimatedDurationMinutes ?? null;
        await db.transaction().execute(async (trx) => {
          const values = { is_active: 1, reason, enabled_at: time, enabled_by: by, estimated_duration_minutes: estimated, notes, updated_at: time };
          await trx.insertInto("maintenance_state").values({ id: 1, ...values }).onConflict((oc) => oc.column("id").doUpdateSet(values)).execute();
          await trx.insertInto("maintenance_history").values({ at: time, action: "enable", by_user: by, reason, notes, estimated_duration_minutes: estimated }).execute();
        });
        return { ok: true, status: await status(), message: "Maintenance mode enabled" };
      }
      const reason = request.reason?.trim() || DEFAULT_COMPLETION;
      await db.transaction().execute(async (trx) => {
        const values = { is_active: 0, reason: null, enabled_at: null, enabled_by: null, estimated_duration_minutes: null, notes: null, updated_at: time };
        await trx.insertInto("maintenance_state").values({ id: 1, ...values }).onConflict((oc) => oc.column("id").doUpdateSet(values)).execute();
        await trx.insertInto("maintenance_history").values({ at: time, action: "disable", by_user: by || "admin", reason, notes: null, estimated_duration_minutes: null }).execute();
      });
      return { ok: true, status: await status(), message: "Maintenance mode disabled" };
    },

    async history(limit = 50) {
      const rows = await db.selectFrom("maintenance_history").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        at: iso(Number(row.at)),
        action: row.action,
        by: row.by_user,
        reason: row.reason,
        notes: row.notes,
        estimatedDurationMinutes: row.estimated_duration_minutes,
      }));
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
