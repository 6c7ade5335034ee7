// One bounded HTTP GET for the integrations (stats pages, stub_status, AI
// service APIs): one deadline for connect, headers and body, a size cap, no
// redirects. A dead or hostile peer gives a short error message, never a
// hang or an unbounded read.
import { readCapped } from "./capped-read.ts";
import { describeError } from "./error-text.ts";

export class IntegrationError extends Error {
  override name = "IntegrationError";
}

export type FetchTextOptions = {
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Default 1 MB. */
  maxBytes?: number;
  method?: "GET" | "POST" | "HEAD";
  body?: string;
};

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

/** The body of a 2xx answer; anything else throws an IntegrationError naming what went wrong. */
export async function fetchText(url: string, options: FetchTextOptions): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      method: options.method ?? "GET",
      body: options.body,
      headers: { "User-Agent": "muster-digital-monitor", ...options.headers },
      redirect: "manual",
      signal,
    });
    const text = await readCapped(response, options.maxBytes ?? 1024 * 1024);
    if (response.status < 200 || response.status > 299) throw new IntegrationError(`HTTP ${response.status}`);
    return { text, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof IntegrationError) throw error;
    throw new IntegrationError(signal.aborted ? `Timed out after ${options.timeoutMs} ms` : describeError(error));
  }
}
