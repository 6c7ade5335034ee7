// What a panel says in place of a source with nothing to read: not
// configured, or configured with placeholders only (never read), and what to
// edit either way.
import { panelClass } from "./panel.tsx";

/** A source with nothing to read: not configured, or configured with placeholders only (never read). */
export function NotConfigured({
  title,
  what,
  section,
  placeholder,
}: {
  title: string;
  what: string;
  /** Its key under `integrations` in the monitoring configuration. */
  section: string;
  placeholder: boolean;
}) {
  return (
    <section className={panelClass} data-testid={`not-configured-${section}`}>
      <h2 className="text-lg font-bold">{title}</h2>
      <NotConfiguredText what={what} section={section} placeholder={placeholder} />
    </section>
  );
}

export function NotConfiguredText({
  what,
  section,
  placeholder,
}: {
  what: string;
  section: string;
  placeholder: boolean;
}) {
  return placeholder ? (
    <p className="mt-2 text-sm">
      {what} is not configured yet: <code>integrations.{section}</code> in the monitoring configuration holds
      placeholders only (documentation hosts such as example.com), which are never read. Replace them with your
      hosts&apos; addresses.
    </p>
  ) : (
    <p className="mt-2 text-sm">
      {what} is not configured. Add <code>integrations.{section}</code> to the monitoring configuration.
    </p>
  );
}
