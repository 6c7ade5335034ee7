// A DNS check's YAML: `dns: { name, type, resolver, expected }`.
import { isIP } from "node:net";
import { z } from "zod";
import type { CheckType } from "./check-type.ts";
import { dnsRunner, RECORD_TYPES, type DnsTarget } from "./dns-check.ts";

export const dnsCheck: CheckType<DnsTarget, "dns"> = {
  ...dnsRunner,
  schema: z.object({
    dns: z
      .object({
        name: z.string().regex(/^[A-Za-z0-9_.-]+$/, "must be a domain name"),
        type: z.enum(RECORD_TYPES).default("A"),
        resolver: z
          .string()
          .refine(
            (text) => isIP(text) !== 0 || /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):\d{1,5}$/.test(text),
            'must be an IP address, optionally with ":port"',
          )
          .optional(),
        expected: z.string().min(1).optional(),
      })
      .strict(),
  }),
  placeholders: ["[DNS_RCODE]", "[BODY]", "[RESPONSE_TIME]", "[CONNECTED]"],
};
