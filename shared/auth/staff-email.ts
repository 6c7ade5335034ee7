// A staff member's e-mail address, as the invitation form, its API and the command line check it: one rule and
// one sentence, naming the field, wherever an address is typed. The messages are staff dictionary keys: the API
// words them in the staff language, the command line in English.
import { z } from "zod";
import { isStaffKey, type StaffKey } from "#shared/i18n/staff/staff-language.ts";

export const staffEmailAddress = z
  .email({ error: "api.staff.emailRule" })
  .max(254, "api.staff.emailTooLong")
  .transform((address) => address.toLowerCase());

/** The key of the first reason an address was refused. */
export function staffEmailProblem(error: z.ZodError): { key: StaffKey } {
  const message = error.issues[0]?.message;
  return { key: isStaffKey(message) ? message : "api.staff.emailRule" };
}
