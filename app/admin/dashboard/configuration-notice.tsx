// What needs a person in the monitoring configuration, above everything
// else: entries that are still placeholders (documentation hosts such as
// example.com, never checked and never alerted on) and the file to edit, and
// an edit of that file that was refused while the last good one runs on.
import { FileWarning } from "lucide-react";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { ConfigurationData } from "./dashboard.server.ts";
import { When } from "../when.tsx";

function FileName({ file }: { file: string | null }) {
  const { t } = useStaffText();
  return file ? (
    <code className="[overflow-wrap:anywhere]">{file}</code>
  ) : (
    <Interpolated text={t("panels.config.fileNamed")} slots={{ "{variable}": <code>MONITORING_CONFIG</code> }} />
  );
}

export function ConfigurationNotice({ configuration }: { configuration: ConfigurationData }) {
  const { file, loadedAt, rejected, placeholders } = configuration;
  const { t } = useStaffText();
  if (placeholders.length === 0 && !rejected) return null;
  const count = placeholders.length;
  return (
    <section
      aria-labelledby="configuration-heading"
      className={
        "flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 " +
        "text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      }
    >
      <h2 id="configuration-heading" className="flex items-center gap-2 text-lg font-bold">
        <FileWarning aria-hidden="true" className="size-5 shrink-0" />
        {t("panels.config.title")}
      </h2>
      {rejected ? (
        <div
          role="alert"
          className={
            "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 " +
            "dark:border-red-800 dark:bg-red-950 dark:text-red-50"
          }
        >
          <p>
            <strong>
              <Interpolated text={t("panels.config.refused")} slots={{ "{file}": <FileName file={file} /> }} />
            </strong>{" "}
            <Interpolated
              text={loadedAt ? t("panels.config.stillRunning") : t("panels.config.stillRunningFromStart")}
              slots={{ "{at}": <When at={rejected.at} seconds />, "{loaded}": <When at={loadedAt} seconds /> }}
            />
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {rejected.problems.map((problem) => (
              <li key={problem}>
                <code className="[overflow-wrap:anywhere]">{problem}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {count > 0 ? (
        <>
          <p className="text-sm">
            <Interpolated
              text={t(count === 1 ? "panels.config.placeholderOne" : "panels.config.placeholders", { n: count })}
              slots={{ "{file}": <FileName file={file} /> }}
            />
          </p>
          <ul
            aria-label={t("panels.config.entries")}
            tabIndex={0}
            className="max-h-40 space-y-1 overflow-y-auto rounded-md bg-white/60 p-2 text-sm dark:bg-black/20"
          >
            {placeholders.map((entry) => (
              <li key={entry.path} className="[overflow-wrap:anywhere]">
                <code>{entry.path}</code>: {entry.target}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
