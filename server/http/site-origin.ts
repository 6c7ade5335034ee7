// The site's public origin is a setting of the server that runs a build, not
// of the machine that made it. The build writes this placeholder wherever a
// page names its own origin (canonical, hreflang, og:url, JSON-LD, the sitemap,
// robots.txt, the feeds); the server puts SITE_URL in its place once, when it
// loads the files into memory (decision 024).

/** A reserved name (RFC 2606): it can never be a real site, so it never matches anything else. */
export const BUILD_ORIGIN = "https://site-origin.invalid";

/**
 * The file with the placeholder replaced by origin, or null when the file does
 * not name the origin. The origin is a bare origin (the configuration checks
 * it), so it needs no escaping in HTML, XML or JSON.
 */
export function withOrigin(body: Buffer, origin: string): Buffer | null {
  if (!body.includes(BUILD_ORIGIN)) return null;
  return Buffer.from(body.toString("utf8").replaceAll(BUILD_ORIGIN, origin));
}
