// A staff member's e-mail address, as the invitation form, its API and the command line check it: one rule and
// one sentence, naming the field, wherever an address is typed.
import { z } from "zod";

export const STAFF_EMAIL_RULE = "E-mail: enter a full address such as carol@example.com";

export const staffEmailAddress = z
  .email({ error: STAFF_EMAIL_RULE })
  .max(254, "E-mail: at most 254 characters")
  .transform((address) => address.toLowerCase());
