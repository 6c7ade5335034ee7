// What staff write about an incident for the public status page: one schema
// for the dashboard's form and the API, in both languages.
import { z } from "zod";
import { hasControlCharacters } from "#shared/control-characters.ts";
import { INCIDENT_STATES } from "./public-status.ts";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} has at most ${max} characters`)
    .refine(
      (value) => !hasControlCharacters(value),
      `${field} must not contain control characters (only tab and newline are allowed)`,
    );

export const statusUpdateSchema = z
  .object({
    state: z.enum(INCIDENT_STATES, { error: `state must be one of ${INCIDENT_STATES.join(", ")}` }),
    titleEn: text("titleEn", 120),
    titleDe: text("titleDe", 120),
    messageEn: text("messageEn", 1000),
    messageDe: text("messageDe", 1000),
  })
  .strict();

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
