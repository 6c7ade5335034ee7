// Values the server hands to React Router for one request: the CSP nonce for
// server-rendered scripts, the services loaders and actions use, and the
// client's address (as TRUST_PROXY allows it) for the contact form's limits,
// and the public status a status page is rendered from.
import { createContext, type RouterContext } from "react-router";
import type { PublicStatus } from "#shared/status/public-status.ts";
import type { Services } from "#server/services.ts";

type Keys = {
  nonceContext: RouterContext<string>;
  servicesContext: RouterContext<Services | null>;
  clientIpContext: RouterContext<string>;
  statusContext: RouterContext<PublicStatus | null>;
};

// Context keys match by identity, and this module is bundled twice (into the
// server and into React Router's build): one shared pair, kept on globalThis.
const registry = globalThis as typeof globalThis & { [key: symbol]: Keys | undefined };
const KEYS = Symbol.for("muster-digital.render-context");
registry[KEYS] ??= {
  nonceContext: createContext<string>(""),
  servicesContext: createContext<Services | null>(null),
  clientIpContext: createContext<string>("unknown"),
  statusContext: createContext<PublicStatus | null>(null),
};

export const { nonceContext, servicesContext, clientIpContext, statusContext } = registry[KEYS];
