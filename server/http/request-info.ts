// What a request says about its client, believing proxy headers only when
// TRUST_PROXY says a proxy sets them.
type Header = (name: string) => string | null | undefined;

/** The client's address: the entry our proxy appended to X-Forwarded-For, or the socket's. */
export function clientIp(header: Header, remoteAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return remoteAddress ?? "unknown";
}

export function isHttps(header: Header, url: string, trustProxy: boolean): boolean {
  if (url.startsWith("https:")) return true;
  return trustProxy && header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

export function isLocalhost(host: string | null | undefined): boolean {
  const name = (host ?? "").replace(/:\d+$/, "").toLowerCase();
  return name === "localhost" || name === "127.0.0.1" || name === "[::1]";
}
