// A zod error as the API and the forms show it: the first message per field.
import type { z } from "zod";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    fields[field] ??= issue.message;
  }
  return fields;
}
