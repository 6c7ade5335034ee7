// What a request says about its client, believing proxy headers only when
// TRUST_PROXY says a proxy sets them.
import { canonicalAddress } from "#server/net/client-address.ts";

type Header = (name: string) => string | null | undefined;

/**
 * The client's address, in its one canonical spelling (client-address.ts):
 * the entry our proxy appended to X-Forwarded-For, or the socket's.
 */
export function clientIp(header: Header, remoteAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return canonicalAddress(last);
  }
  return canonicalAddress(remoteAddress);
}

export function isHttps(header: Header, url: string, trustProxy: boolean): boolean {
  if (url.startsWith("https:")) return true;
  return trustProxy && header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

export function isLocalhost(host: string | null | undefined): boolean {
  const name = (host ?? "").replace(/:\d+$/, "").toLowerCase();
  return name === "localhost" || name === "127.0.0.1" || name === "[::1]";
}

/**
 * A request's path as the log may keep it: a push URL's token is the push
 * monitor's only secret, so it is replaced, however the path is spelled
 * (extra slashes, backslashes, percent-encoding, case). Query strings are never logged.
 */
export function loggedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: match on the raw path.
  }
  const segments = decoded.split(/[/\\]+/).filter((segment) => segment !== "");
  const push = segments.findIndex(
    (segment, index) => segment.toLowerCase() === "push" && segments[index - 1]?.toLowerCase() === "api",
  );
  if (push !== -1) return `/${[...segments.slice(0, push + 1), ":token"].join("/")}`;
  return pathname.length > 300 ? `${pathname.slice(0, 300)}...` : pathname;
}
