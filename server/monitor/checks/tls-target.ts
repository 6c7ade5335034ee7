// A TLS check's YAML: `tls: "host:port"`, optionally the name to expect and a
// file of extra trusted CAs.
import { z } from "zod";
import type { CheckType } from "./check-type.ts";
import { hostPort } from "./tcp-target.ts";
import { tlsRunner, type TlsTarget } from "./tls-check.ts";

export const tlsCheck: CheckType<TlsTarget, "tls"> = {
  ...tlsRunner,
  schema: z.object({
    tls: hostPort,
    serverName: z
      .string()
      .regex(/^[A-Za-z0-9.*-]+$/, "must be a host name")
      .optional(),
    caFile: z.string().min(1).optional(),
  }),
  placeholders: ["[CONNECTED]", "[RESPONSE_TIME]", "[CERTIFICATE_EXPIRATION]"],
};
