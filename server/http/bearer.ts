// "Authorization: Bearer <token>" checked in constant time (metrics, maintenance API).
import { timingSafeEqual } from "node:crypto";

export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return header?.startsWith("Bearer ") === true && given.length === expected.length && timingSafeEqual(given, expected);
}
