// An HTTP check's YAML: `url`, optionally `auth` (an API key header or basic).
import { z } from "zod";
import type { CheckType } from "./check-type.ts";
import { httpRunner, type HttpTarget } from "./http-check.ts";

const auth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("api-key"), header: z.string().min(1).default("x-api-key"), key: z.string().min(1) }),
  z.object({ type: z.literal("basic"), username: z.string().min(1), password: z.string() }),
]);

export const httpCheck: CheckType<HttpTarget, "url"> = {
  ...httpRunner,
  schema: z.object({
    url: z.url({ protocol: /^https?$/, error: "Invalid URL" }),
    auth: auth.optional(),
  }),
  placeholders: ["[STATUS]", "[RESPONSE_TIME]", "[BODY]", "[CONNECTED]", "[CERTIFICATE_EXPIRATION]"],
  refuses: (host, placeholder) =>
    placeholder === "[CERTIFICATE_EXPIRATION]" && !(typeof host.url === "string" && /^https:/i.test(host.url))
      ? "[CERTIFICATE_EXPIRATION] needs an https URL"
      : undefined,
};
