// What every /api handler can read from the request context, and JSON input.
import type { Context } from "hono";
import type { Logger } from "pino";
import type { z } from "zod";
import { fieldErrors } from "#shared/field-errors.ts";
import type { Session } from "#server/auth/sessions.ts";
import type { CookieRequest } from "./session-cookie.ts";
import { apiError } from "./staff-messages.ts";

export type ApiEnv = {
  Variables: {
    log: Logger;
    requestId: string;
    clientIp: string;
    cookieRequest: CookieRequest;
    /** This site's origin as the client reached it (scheme, host, port), for the CSRF check. */
    ownOrigin: string | undefined;
    /** Set by requireSession on /api/admin/*. */
    session: Session;
  };
};

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** The request's JSON body, or a 400 "Malformed JSON" answer. */
export async function readJsonBody(c: Context<ApiEnv>): Promise<Parsed<unknown>> {
  try {
    return { ok: true, data: await c.req.json() };
  } catch {
    return { ok: false, response: c.json(apiError("api.malformedJson"), 400) };
  }
}

/** Parses a JSON body against a schema: 400 with a message per field when it does not fit. */
export async function readJson<T>(c: Context<ApiEnv>, schema: z.ZodType<T>): Promise<Parsed<T>> {
  const body = await readJsonBody(c);
  if (!body.ok) return body;
  const result = schema.safeParse(body.data);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: c.json({ ...apiError("api.invalidInput"), fields: fieldErrors(result.error) }, 400) };
}

/**
 * Parses a staff form's JSON body: as readJson, but the 400's error is the first field's own message (each
 * names its field), since a page that shows one line must still say which field is wrong and why.
 */
export async function readForm<T>(c: Context<ApiEnv>, schema: z.ZodType<T>): Promise<Parsed<T>> {
  const body = await readJsonBody(c);
  if (!body.ok) return body;
  const result = schema.safeParse(body.data);
  if (result.success) return { ok: true, data: result.data };
  const fields = fieldErrors(result.error);
  return { ok: false, response: c.json({ error: Object.values(fields)[0] ?? "api.invalidInput", fields }, 400) };
}
