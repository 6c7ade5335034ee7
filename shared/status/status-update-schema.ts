// What staff write about an incident for the public status page: one schema
// for the dashboard's form and the API, in both languages. Its messages are
// in the staff language of the reader: the API picks the request's, the form
// its page's.
import { z } from "zod";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { hasControlCharacters } from "#shared/control-characters.ts";
import { INCIDENT_STATES } from "./public-status.ts";

function schemaIn(lang: Language) {
  const text = (field: string, max: number) =>
    z
      .string({ error: staffText(lang, "api.statusUpdate.required", { field }) })
      .trim()
      .min(1, staffText(lang, "api.statusUpdate.required", { field }))
      .max(max, staffText(lang, "api.statusUpdate.tooLong", { field, max }))
      .refine((value) => !hasControlCharacters(value), staffText(lang, "api.statusUpdate.control", { field }));
  return z
    .object({
      state: z.enum(INCIDENT_STATES, {
        error: staffText(lang, "api.statusUpdate.state", { states: INCIDENT_STATES.join(", ") }),
      }),
      titleEn: text("titleEn", 120),
      titleDe: text("titleDe", 120),
      messageEn: text("messageEn", 1000),
      messageDe: text("messageDe", 1000),
    })
    .strict();
}

const SCHEMAS = { en: schemaIn("en"), de: schemaIn("de") };

/** The schema whose messages are in lang. */
export const statusUpdateSchemaIn = (lang: Language) => SCHEMAS[lang];
/** The schema with English messages. */
export const statusUpdateSchema = SCHEMAS.en;

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
