// The staff API as the dashboard calls it: a GET whose failure becomes the
// panel's error text, and a POST that hands back whatever the server said.

/** A failed read, with the text its panel shows. */
export class PanelError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** GET JSON; a failed status throws a PanelError with the panel's text and, where the server gave one, its reason. */
export async function getJson<T>(url: string, failure: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
  } catch {
    throw new PanelError(`${failure}: the server cannot be reached`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PanelError(`${failure}: the answer was not JSON`, response.status);
  }
  if (!response.ok) {
    const details =
      (body as { details?: string; error?: string } | null)?.details ?? (body as { error?: string } | null)?.error;
    throw new PanelError(details ? `${failure}: ${details}` : failure, response.status);
  }
  return body as T;
}

/** POST JSON to the staff API; the answer's body, whatever its status. */
export async function postJson<T>(
  url: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; body: T | undefined }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await response.json().catch(() => undefined)) as T | undefined;
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: undefined };
  }
}
