import { maintenanceSchema, type ActiveWindow } from "./maintenance-windows.ts";

/** Shared by the maintenance-windows-*.test.ts files. */
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const at = (iso: string) => Date.parse(iso);
export type WindowInput = Record<string, unknown>;
export const config = (...windows: WindowInput[]) => maintenanceSchema.parse({ windows });
export const spans = (windows: ActiveWindow[]) => windows.map((window) => [window.startsAt, window.endsAt]);
