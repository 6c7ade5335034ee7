// Which entries of the monitoring configuration still point at documentation
// hosts (example.com, 192.0.2.x): the shipped file's placeholders. They are
// not checked or alerted on; the dashboard lists them with their paths, so
// whoever installs the site knows what to edit.
import { isDocumentationHost, urlHost } from "#shared/monitor/placeholders.ts";
import { describeTarget, isPlaceholderTarget } from "./monitor/checks/check-types.ts";
import type { MonitoringConfig } from "./monitoring-config.ts";

export type PlaceholderEntry = { path: string; target: string };

export function placeholderEntries(config: MonitoringConfig): PlaceholderEntry[] {
  const found: PlaceholderEntry[] = [];
  config.services.forEach((service, index) => {
    for (const [host, target] of Object.entries(service.hosts)) {
      if (isPlaceholderTarget(target))
        found.push({ path: `services[${index}].hosts.${host}`, target: describeTarget(target) });
    }
    service.subServices.forEach((sub, position) => {
      if (isPlaceholderTarget(sub.target))
        found.push({ path: `services[${index}].subServices[${position}]`, target: describeTarget(sub.target) });
    });
  });
  const integrations = config.integrations;
  // Shown without a user, password or query, where credentials hide.
  const atUrl = (path: string, url: string) => {
    if (!isDocumentationHost(urlHost(url) ?? "")) return;
    const { protocol, host, pathname } = new URL(url);
    found.push({ path, target: `${protocol}//${host}${pathname}` });
  };
  integrations.certificates?.domains.forEach((entry, index) => {
    if (isDocumentationHost(entry.serverIP))
      found.push({
        path: `integrations.certificates.domains[${index}]`,
        target: `${entry.domain} at ${entry.serverIP}`,
      });
  });
  integrations.nginx?.sources.forEach((source, index) => atUrl(`integrations.nginx.sources[${index}]`, source.url));
  if (integrations.haproxy && "url" in integrations.haproxy.source)
    atUrl("integrations.haproxy.source", integrations.haproxy.source.url);
  integrations.aiServices?.services.forEach((service, index) =>
    atUrl(`integrations.aiServices.services[${index}]`, service.url),
  );
  return found;
}
