// Certificate renewal by hook, for servers whose renewal method is "hook": the
// host renews its own certificates (certbot, its own ACME client) and exposes
// a small authenticated endpoint; this server only asks it to. The answer is
// always a result for the UI, never an exception, and never shows the token.
import { describeError } from "#server/net/error-text.ts";
import { IntegrationError, fetchText } from "#server/net/fetch-text.ts";

export type RenewalHookResult = { success: boolean; message: string };

/** A hook's answer is shown in the UI: a few lines at most. */
const MAX_MESSAGE_CHARS = 300;
const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs {domain, serverIP} to the hook with its bearer token; any 2xx is success. */
export async function callRenewalHook(
  hook: { url: string; token: string },
  request: { domain: string; serverIP: string },
  options: { timeoutMs: number },
): Promise<RenewalHookResult> {
  const hide = (text: string) => (hook.token ? text.split(hook.token).join("[token]") : text);
  let host: string;
  try {
    host = new URL(hook.url).host;
  } catch {
    return { success: false, message: "Renewal hook failed: invalid hook URL" };
  }
  try {
    const { text } = await fetchText(hook.url, {
      method: "POST",
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      headers: {
        Authorization: `Bearer ${hook.token}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({ domain: request.domain, serverIP: request.serverIP }),
    });
    return { success: true, message: hide(hookMessage(text) ?? `Renewal requested from ${host}`) };
  } catch (error) {
    const reason = error instanceof IntegrationError ? error.message : describeError(error);
    // A hook may echo the request or put it in a URL in an error: the token never reaches the message.
    return { success: false, message: hide(`Renewal hook failed: ${reason}`) };
  }
}

/** The hook's own words, if it answered JSON with a "message" string. */
function hookMessage(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  if (typeof message !== "string") return null;
  const trimmed = message.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed.slice(0, MAX_MESSAGE_CHARS) : null;
}
