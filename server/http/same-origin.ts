// CSRF: a state-changing request must come from our own pages. Its Origin
// (or, where a browser sends none, Sec-Fetch-Site) must say so, scheme, host
// and port alike: https://host is another origin than http://host. Clients
// that send neither are not browsers, so cannot be driven by another site.
type Header = (name: string) => string | null | undefined;

/** The origin this request was made to: its scheme (as the proxy says, when trusted) with the Host header. */
export function requestOrigin(header: Header, https: boolean): string | undefined {
  const host = header("host");
  if (!host) return undefined;
  try {
    return new URL(`${https ? "https" : "http"}://${host}`).origin;
  } catch {
    return undefined;
  }
}

export function isSameOriginWrite(method: string, header: Header, ownOrigin: string | undefined): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return true;
  const origin = header("origin");
  if (origin) {
    try {
      return ownOrigin !== undefined && new URL(origin).origin === ownOrigin;
    } catch {
      return false; // "null" or garbage
    }
  }
  const site = header("sec-fetch-site");
  return site === undefined || site === null || site === "same-origin" || site === "none";
}
