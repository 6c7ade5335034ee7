// Values the server hands to React Router for one request: the CSP nonce for
// server-rendered scripts, the services loaders and actions use, and the
// client's address (as TRUST_PROXY allows it) for the contact form's limits.
import { createContext, type RouterContext } from "react-router";
import type { Services } from "#server/services.ts";

type Keys = {
  nonceContext: RouterContext<string>;
  servicesContext: RouterContext<Services | null>;
  clientIpContext: RouterContext<string>;
};

// Context keys match by identity, and this module is bundled twice (into the
// server and into React Router's build): one shared pair, kept on globalThis.
const registry = globalThis as typeof globalThis & { [key: symbol]: Keys | undefined };
const KEYS = Symbol.for("muster-digital.render-context");
registry[KEYS] ??= {
  nonceContext: createContext<string>(""),
  servicesContext: createContext<Services | null>(null),
  clientIpContext: createContext<string>("unknown"),
};

export const { nonceContext, servicesContext, clientIpContext } = registry[KEYS];
