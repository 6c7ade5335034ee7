// The monitoring configuration's `statusPage` section: how the public status
// page tells its subscribers.
import { z } from "zod";

export const statusPageSchema = z
  .object({
    // An incident on the page without staff's words is mailed after this long: a blip shorter mails nobody.
    notifyAfterMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(10),
  })
  .strict()
  .prefault({});

export type StatusPageConfig = z.output<typeof statusPageSchema>;
