// A push monitor's YAML: `push: { token, graceSeconds }`.
import { z } from "zod";
import type { CheckType } from "./check-type.ts";
import { pushRunner, type PushTarget } from "./push-check.ts";

/** Long enough not to be guessed; the token is the only thing between the internet and the monitor's word. */
export const MIN_TOKEN_LENGTH = 16;

export const pushCheck: CheckType<PushTarget, "push"> = {
  ...pushRunner,
  schema: z.object({
    push: z
      .object({
        token: z
          .string()
          .min(MIN_TOKEN_LENGTH, `must have at least ${MIN_TOKEN_LENGTH} characters`)
          .max(200)
          .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - and _ (it goes in a URL)"),
        graceSeconds: z
          .number()
          .int()
          .min(0)
          .max(7 * 86_400)
          .default(60),
      })
      .strict(),
  }),
  placeholders: ["[BODY]", "[RESPONSE_TIME]", "[CONNECTED]"],
};
