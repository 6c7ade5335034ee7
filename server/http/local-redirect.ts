// Redirects of ours never leave the origin. A path such as "//evil.example/"
// or "/\evil.example" is a host to a browser when it comes back in a Location
// header, so paths are normalised to one leading slash before they are sent,
// and every Location is checked on its way out.

/**
 * One URL per page: runs of slashes (and backslashes, which browsers read as slashes) become one; no trailing slash.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/[\\/]+/g, "/").replace(/\/$/, "");
  return path === "" ? "/" : path;
}

/** True when a Location header, resolved as a browser would, points at the request's own origin. */
export function staysOnOrigin(location: string, requestUrl: string): boolean {
  try {
    // Browsers drop tabs and newlines and read "\" as "/": so does the URL parser.
    return new URL(location, requestUrl).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
