// The integrations without their placeholder entries (documentation hosts
// such as example.com and 192.0.2.x, as in the shipped configuration): a
// placeholder is never read, so no certificate, nginx, HAProxy or AI probe
// goes to a host that cannot answer, and a section made of placeholders only
// counts as not configured yet, which the dashboard and the API say as such.
import { isDocumentationHost, urlHost } from "#shared/monitor/placeholders.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";

const placeholderUrl = (url: string) => isDocumentationHost(urlHost(url) ?? "");

/** The sections configured with placeholders only: each waits for its entries to be edited. */
export type PlaceholderSections = { certificates: boolean; nginx: boolean; haproxy: boolean; aiServices: boolean };

function filter(config: IntegrationsConfig): { live: IntegrationsConfig; placeholderOnly: PlaceholderSections } {
  const { certificates, nginx, haproxy, aiServices } = config;
  const domains = certificates?.domains.filter((entry) => !isDocumentationHost(entry.serverIP));
  const sources = nginx?.sources.filter((source) => !placeholderUrl(source.url));
  const haproxyPlaceholder = !!haproxy && "url" in haproxy.source && placeholderUrl(haproxy.source.url);
  const ai = aiServices?.services.filter((service) => !placeholderUrl(service.url));
  const placeholderOnly = {
    certificates: !!certificates && certificates.domains.length > 0 && domains!.length === 0,
    nginx: !!nginx && sources!.length === 0,
    haproxy: haproxyPlaceholder,
    aiServices: !!aiServices && aiServices.services.length > 0 && ai!.length === 0,
  };
  const live: IntegrationsConfig = {
    ...config,
    certificates: certificates && !placeholderOnly.certificates ? { ...certificates, domains: domains! } : undefined,
    nginx: nginx && !placeholderOnly.nginx ? { ...nginx, sources: sources! } : undefined,
    haproxy: haproxyPlaceholder ? undefined : haproxy,
    aiServices: aiServices && !placeholderOnly.aiServices ? { ...aiServices, services: ai! } : undefined,
  };
  return { live, placeholderOnly };
}

// The configuration object is replaced on every reload: one filtering per version, not one per tick.
const filtered = new WeakMap<IntegrationsConfig, ReturnType<typeof filter>>();

function cached(config: IntegrationsConfig): ReturnType<typeof filter> {
  let result = filtered.get(config);
  if (!result) filtered.set(config, (result = filter(config)));
  return result;
}

/** The entries to read: the configuration's, without any placeholder (a section of placeholders only is absent). */
export const liveIntegrations = (config: IntegrationsConfig): IntegrationsConfig => cached(config).live;

/** Which sections hold placeholders only. */
export const placeholderSections = (config: IntegrationsConfig): PlaceholderSections => cached(config).placeholderOnly;
