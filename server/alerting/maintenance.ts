// Maintenance: while it is on, checks keep running (the history stays honest)
// and only alert notices are held back. Two kinds: manual maintenance, turned
// on and off from the dashboard or a deploy script, and the scheduled windows
// of the monitoring configuration (maintenance-windows.ts). Manual maintenance
// with an estimated duration ends by itself when the estimate runs out, so a
// forgotten one cannot silence alerts for ever. Every change is kept in a
// history.
import type { Kysely } from "kysely";
import { z } from "zod";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import type { Database } from "#server/db/schema.ts";
import {
  activeWindows,
  coversService,
  nextWindows,
  type ActiveWindow,
  type MaintenanceConfig,
} from "./maintenance-windows.ts";

export const DEFAULT_COMPLETION = "Maintenance completed";
/** Who ends a maintenance whose estimate ran out, in the history. */
export const AUTO_END_BY = "system";
const UPCOMING_WINDOWS = 3;

/**
 * The maintenance status as the API answers it (snake_case fields), plus when it ends by itself (null: when someone
 * turns it off).
 */
export type MaintenanceStatus = {
  is_active: boolean;
  reason: string | null;
  enabled_at: string | null;
  enabled_by: string | null;
  estimated_duration_minutes: number | null;
  notes: string | null;
  updated_at: string | null;
  ends_at: string | null;
};

/** The messages are staff dictionary keys: the API answers them in the staff language of the request. */
export const maintenanceRequest = z.object({
  enable: z.boolean({ error: "api.maintenance.enable" }),
  // Who turned maintenance on is who asked: the signed-in account, or the deploy token. A name in the request could
  // book it under anyone's (an operator under an owner's), so the API refuses one.
  enabledBy: z.never({ error: "api.maintenance.enabledBy" }).optional(),
  reason: z.string({ error: "api.maintenance.reason" }).max(500, "api.maintenance.reason").optional(),
  notes: z.string({ error: "api.maintenance.notes" }).max(2000, "api.maintenance.notes").optional(),
  estimatedDurationMinutes: z
    .number({ error: "api.maintenance.duration" })
    .int("api.maintenance.duration")
    .min(1, "api.maintenance.duration")
    .max(100_000, "api.maintenance.duration")
    .optional(),
});
/** A change as the API takes it, and who asked (the session's account, the deploy token, a test). */
export type MaintenanceRequest = Omit<z.infer<typeof maintenanceRequest>, "enabledBy"> & { enabledBy?: string };

/** A window as the API shows it. */
export type WindowView = { name: string; startsAt: string; endsAt: string; services: string[] | null };

/**
 * Whatever holds alert notices back now, for a target of a service (null: a target of no service, as a certificate).
 */
export type Hold = (serviceId: string | null) => boolean;

/** What is in force at one look: manual maintenance and the active windows. */
export type InForce = { manual: MaintenanceStatus; windows: readonly WindowView[] };

/**
 * When what held notices back at one look and no longer does at the next
 * ended (the latest, if several did), or null when nothing ended or manual
 * maintenance still holds everything.
 */
export function endedBetween(before: InForce, after: InForce, now: number): number | null {
  if (after.manual.is_active) return null;
  const ends: number[] = [];
  if (before.manual.is_active) ends.push(after.manual.updated_at === null ? now : Date.parse(after.manual.updated_at));
  const still = new Set(after.windows.map((window) => `${window.name}@${window.startsAt}`));
  for (const window of before.windows) {
    // A window taken out of the configuration early ended when it was seen gone.
    if (!still.has(`${window.name}@${window.startsAt}`)) ends.push(Math.min(Date.parse(window.endsAt), now));
  }
  return ends.length === 0 ? null : Math.max(...ends);
}

/** What holds notices back, from what is in force: manual maintenance holds everything, a window what it covers. */
export function holdOf(current: InForce): Hold {
  if (current.manual.is_active) return () => true;
  return (serviceId) => coversService(current.windows, serviceId) !== undefined;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const windowView = (window: ActiveWindow): WindowView => ({
  name: window.name,
  startsAt: iso(window.startsAt)!,
  endsAt: iso(window.endsAt)!,
  services: window.services,
});
const INACTIVE: MaintenanceStatus = {
  is_active: false,
  reason: null,
  enabled_at: null,
  enabled_by: null,
  estimated_duration_minutes: null,
  notes: null,
  updated_at: null,
  ends_at: null,
};

type MaintenanceOptions = {
  db: Kysely<Database>;
  now: () => number;
  windows: () => MaintenanceConfig;
  /** Maintenance ended (by hand or by its estimate) at this time: what is still down should be told now. */
  onEnd: (endedAt: number) => void;
};

/** Ends manual maintenance, in the history too; false when ending by estimate found it already ended. */
async function endManual(
  options: MaintenanceOptions,
  by: string,
  reason: string,
  onlyIfEnabledAt?: number,
): Promise<boolean> {
  const { db, now } = options;
  const time = now();
  const ended = await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("maintenance_state")
      .set({
        is_active: 0,
        reason: null,
        enabled_at: null,
        enabled_by: null,
        estimated_duration_minutes: null,
        notes: null,
        updated_at: time,
      })
      .where("id", "=", 1);
    // Ending by estimate: only the maintenance that ran out, and only once across every process.
    if (onlyIfEnabledAt !== undefined)
      update = update.where("is_active", "=", 1).where("enabled_at", "=", onlyIfEnabledAt);
    const result = await update.executeTakeFirst();
    if (onlyIfEnabledAt !== undefined && Number(result.numUpdatedRows) === 0) return false;
    if (Number(result.numUpdatedRows) === 0) {
      await trx
        .insertInto("maintenance_state")
        .values({
          id: 1,
          is_active: 0,
          reason: null,
          enabled_at: null,
          enabled_by: null,
          estimated_duration_minutes: null,
          notes: null,
          updated_at: time,
        })
        .execute();
    }
    await trx
      .insertInto("maintenance_history")
      .values({ at: time, action: "disable", by_user: by, reason, notes: null, estimated_duration_minutes: null })
      .execute();
    return true;
  });
  if (ended) options.onEnd(time);
  return ended;
}

/** The manual maintenance; one whose estimate ran out is ended here (whoever asks first). */
async function readManual(options: MaintenanceOptions): Promise<MaintenanceStatus> {
  const { db, now } = options;
  const row = await db.selectFrom("maintenance_state").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return INACTIVE;
  const enabledAt = row.enabled_at === null ? null : Number(row.enabled_at);
  const endsAt =
    row.is_active === 1 && enabledAt !== null && row.estimated_duration_minutes !== null
      ? enabledAt + row.estimated_duration_minutes * 60_000
      : null;
  if (endsAt !== null && now() >= endsAt) {
    const minutes = row.estimated_duration_minutes;
    await endManual(
      options,
      AUTO_END_BY,
      `Estimated duration of ${minutes} ${minutes === 1 ? "minute" : "minutes"} ran out`,
      enabledAt!,
    );
    return readManual(options);
  }
  return {
    is_active: row.is_active === 1,
    reason: row.reason,
    enabled_at: iso(enabledAt),
    enabled_by: row.enabled_by,
    estimated_duration_minutes: row.estimated_duration_minutes,
    notes: row.notes,
    updated_at: iso(Number(row.updated_at)),
    ends_at: iso(endsAt),
  };
}

/** Turns manual maintenance on, in the history too. */
async function enableManual(
  db: Kysely<Database>,
  time: number,
  change: { by: string; reason: string; notes: string | null; estimated: number | null },
): Promise<void> {
  const { by, reason, notes, estimated } = change;
  await db.transaction().execute(async (trx) => {
    const values = {
      is_active: 1,
      reason,
      enabled_at: time,
      enabled_by: by,
      estimated_duration_minutes: estimated,
      notes,
      updated_at: time,
    };
    await trx
      .insertInto("maintenance_state")
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await trx
      .insertInto("maintenance_history")
      .values({ at: time, action: "enable", by_user: by, reason, notes, estimated_duration_minutes: estimated })
      .execute();
  });
}

export function createMaintenance(options: MaintenanceOptions) {
  const { db, now } = options;

  return {
    /** The manual maintenance; one whose estimate ran out is ended here (whoever asks first). */
    status: (): Promise<MaintenanceStatus> => readManual(options),

    /** Everything in force now and the next scheduled windows: what the dashboard's header shows. */
    async current() {
      const time = now();
      const config = options.windows();
      return {
        manual: await readManual(options),
        windows: activeWindows(config, time).map(windowView),
        upcoming: nextWindows(config, time, UPCOMING_WINDOWS).map(windowView),
        timezone: config.timezone,
      };
    },

    /** Applies a change; a bad enable request is refused and changes nothing. The message is a staff key. */
    async change(
      request: MaintenanceRequest,
    ): Promise<{ ok: true; status: MaintenanceStatus; message: StaffKey } | { ok: false; message: StaffKey }> {
      const time = now();
      const by = request.enabledBy?.trim() ?? "";
      if (request.enable) {
        const reason = request.reason?.trim() ?? "";
        if (!reason || !by) return { ok: false, message: "api.maintenance.reasonRequired" };
        const notes = request.notes?.trim() || null;
        const estimated = request.estimatedDurationMinutes ?? null;
        await enableManual(db, time, { by, reason, notes, estimated });
        return { ok: true, status: await readManual(options), message: "api.maintenance.enabled" };
      }
      await endManual(options, by || "admin", request.reason?.trim() || DEFAULT_COMPLETION);
      return { ok: true, status: await readManual(options), message: "api.maintenance.disabled" };
    },

    async history(limit = 50) {
      const rows = await db
        .selectFrom("maintenance_history")
        .selectAll()
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
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
