// A webhook subscriber as staff enter it: the customer's name, the URL their
// system takes events at, and all services or chosen ones.
import { z } from "zod";
import { hasControlCharacters } from "#shared/control-characters.ts";

export const statusWebhookSchema = z
  .object({
    customer: z
      .string({ error: "customer is required" })
      .trim()
      .min(1, "customer is required")
      .max(100, "customer has at most 100 characters")
      .refine((value) => !hasControlCharacters(value) && !/[\t\n]/.test(value), "customer must be one line of text"),
    url: z
      .url({ protocol: /^https?$/, error: "url must be an http(s) URL" })
      .max(2048, "url has at most 2048 characters"),
    services: z
      .array(z.string().regex(/^[a-z0-9-]{1,64}$/, "services holds service ids"))
      .min(1, "services: choose at least one, or leave it out for all")
      .max(1000)
      .nullable()
      .default(null),
  })
  .strict();

export type StatusWebhookInput = z.output<typeof statusWebhookSchema>;
