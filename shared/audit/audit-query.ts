// The audit trail's filters and cursors, as the API's query string and the
// page's GET form spell them: one schema for both.
import { z } from "zod";

const cursor = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be 1 or more")
  .max(Number.MAX_SAFE_INTEGER)
  .optional();
const name = z.string().trim().max(100, "must be at most 100 characters").optional();

export const AUDIT_PAGE_SIZE = 50;

export const auditQuery = z.object({
  action: name,
  actor: name,
  before: cursor,
  after: cursor,
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(200, "limit must be at most 200")
    .default(AUDIT_PAGE_SIZE),
});

export type AuditQueryInput = z.infer<typeof auditQuery>;

/** The query string's values, empty ones left out (a form sends empty fields). */
export function auditQueryValues(read: (name: string) => string | undefined | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of ["action", "actor", "before", "after", "limit"]) {
    const value = read(key);
    if (value) values[key] = value;
  }
  return values;
}
