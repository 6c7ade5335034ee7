// The server settings that pages show: read from the configuration here, so
// route modules never import server code directly.
import { getConfig } from "#server/config.ts";

/** Public origin of the site, without a trailing slash. */
export function siteUrl(): string {
  return getConfig().SITE_URL;
}

/** How long contact messages are kept (the privacy policy states it). */
export function contactRetentionDays(): number {
  return getConfig().CONTACT_RETENTION_DAYS;
}
