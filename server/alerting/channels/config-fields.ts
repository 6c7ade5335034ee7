// The settings that several channel types share, spelt and explained the
// same way in every one, so a wrong config gets the same clear message.
import { z } from "zod";

/** A channel's name, used in routes and in the outbox: short and safe in a URL. */
export const channelName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,39}$/,
    "must be 1 to 40 lowercase letters, digits and dashes, starting with a letter or digit",
  )
  .optional();

/** An http(s) URL; `what` names it in the message ("webhook URL"). */
export function httpUrl(what: string) {
  return z.url({
    protocol: /^https?$/,
    error: (issue) => (issue.input === undefined ? `${what} is required` : `must be an http:// or https:// ${what}`),
  });
}

/** A token or secret: one line without spaces (it goes into a header or a URL path). */
export function token(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`) })
    .regex(/^\S+$/, `${what} must not be empty or contain spaces`);
}
