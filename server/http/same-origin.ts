// CSRF: a state-changing request must come from our own pages. Its Origin
// (or, where a browser sends none, Sec-Fetch-Site) must say so. Clients that
// send neither are not browsers, so cannot be driven by another site.
type Header = (name: string) => string | undefined;

export function isSameOriginWrite(method: string, header: Header, url: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return true;
  const origin = header("origin");
  const site = header("sec-fetch-site");
  const host = header("host");
  if (origin) {
    if (origin === new URL(url).origin) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false; // "null" or garbage
    }
  }
  return site === undefined || site === "same-origin" || site === "none";
}
