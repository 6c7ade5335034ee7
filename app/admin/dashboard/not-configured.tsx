// What a panel says in place of a source with nothing to read: not
// configured, or configured with placeholders only (never read), and what to
// edit either way.
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { panelClass } from "./panel.tsx";

/** The sources a panel can miss, by their key under `integrations` in the monitoring configuration. */
export type Section = "haproxy" | "nginx" | "certificates" | "aiServices";

/** What each source is called at the start of the sentence. */
const WHAT: Record<Section, StaffKey> = {
  haproxy: "panels.notConfigured.haproxy",
  nginx: "panels.notConfigured.nginx",
  certificates: "panels.notConfigured.certificates",
  aiServices: "panels.notConfigured.aiServices",
};

/** A source with nothing to read: not configured, or configured with placeholders only (never read). */
export function NotConfigured({
  title,
  section,
  placeholder,
}: {
  title: string;
  section: Section;
  placeholder: boolean;
}) {
  return (
    <section className={panelClass} data-testid={`not-configured-${section}`}>
      <h2 className="text-lg font-bold">{title}</h2>
      <NotConfiguredText section={section} placeholder={placeholder} />
    </section>
  );
}

export function NotConfiguredText({ section, placeholder }: { section: Section; placeholder: boolean }) {
  const { t } = useStaffText();
  const text = t(placeholder ? "panels.notConfigured.placeholders" : "panels.notConfigured.missing", {
    what: t(WHAT[section]),
  });
  return (
    <p className="mt-2 text-sm">
      <Interpolated text={text} slots={{ "{setting}": <code>integrations.{section}</code> }} />
    </p>
  );
}
