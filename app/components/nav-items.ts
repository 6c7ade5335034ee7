import type { MessageKey } from "#app/i18n/en.ts";

export type NavItem = { path: string; label: MessageKey };

export const SERVICE_LINKS: readonly NavItem[] = [
  { path: "/ai-services", label: "nav.aiServices" },
  { path: "/digital-consulting", label: "nav.digitalConsulting" },
];

export const MAIN_LINKS: readonly NavItem[] = [
  { path: "/projects", label: "nav.projects" },
  { path: "/about", label: "nav.about" },
  { path: "/news", label: "nav.news" },
  { path: "/careers", label: "nav.careers" },
  { path: "/status", label: "nav.status" },
  { path: "/contact", label: "nav.contact" },
];
