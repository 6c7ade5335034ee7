// The server settings that pages show, so route modules never import server
// code directly. React Router runs route modules itself, also while
// prerendering in the build, where no server exists to hand them a Config: this
// module is their entry point, and reads the configuration of the process it
// runs in once, as index.ts does for the server (decision 029).
import { readConfig, type Config } from "#server/config.ts";

let config: Config | undefined;
const settings = () => (config ??= readConfig());

/** Public origin of the site, without a trailing slash. */
export function siteUrl(): string {
  return settings().SITE_URL;
}

/** How long contact messages are kept (the privacy policy states it). */
export function contactRetentionDays(): number {
  return settings().CONTACT_RETENTION_DAYS;
}
