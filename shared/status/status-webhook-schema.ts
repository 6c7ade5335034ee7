// A webhook subscriber as staff enter it: the customer's name, the URL their
// system takes events at, and all services or chosen ones. Its messages are in
// the staff language of the reader: the API picks the request's, the form its
// page's.
import { z } from "zod";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText, type StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { hasControlCharacters } from "#shared/control-characters.ts";

function schemaIn(lang: Language) {
  const say = (key: StaffKey) => staffText(lang, key);
  return z
    .object({
      customer: z
        .string({ error: say("api.webhook.customerRequired") })
        .trim()
        .min(1, say("api.webhook.customerRequired"))
        .max(100, say("api.webhook.customerTooLong"))
        .refine((value) => !hasControlCharacters(value) && !/[\t\n]/.test(value), say("api.webhook.customerOneLine")),
      url: z.url({ protocol: /^https?$/, error: say("api.webhook.url") }).max(2048, say("api.webhook.urlTooLong")),
      services: z
        .array(z.string().regex(/^[a-z0-9-]{1,64}$/, say("api.webhook.serviceIds")))
        .min(1, say("api.webhook.servicesEmpty"))
        .max(1000)
        .nullable()
        .default(null),
    })
    .strict();
}

const SCHEMAS = { en: schemaIn("en"), de: schemaIn("de") };

/** The schema whose messages are in lang. */
export const statusWebhookSchemaIn = (lang: Language) => SCHEMAS[lang];
/** The schema with English messages. */
export const statusWebhookSchema = SCHEMAS.en;

export type StatusWebhookInput = z.output<typeof statusWebhookSchema>;
