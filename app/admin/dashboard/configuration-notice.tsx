// What needs a person in the monitoring configuration, above everything
// else: entries that are still placeholders (documentation hosts such as
// example.com, never checked and never alerted on) and the file to edit, and
// an edit of that file that was refused while the last good one runs on.
import { FileWarning } from "lucide-react";
import type { ConfigurationData } from "./dashboard.server.ts";
import { When } from "../when.tsx";

function FileName({ file }: { file: string | null }) {
  return file ? (
    <code className="[overflow-wrap:anywhere]">{file}</code>
  ) : (
    <>
      the file <code>MONITORING_CONFIG</code> names
    </>
  );
}

export function ConfigurationNotice({ configuration }: { configuration: ConfigurationData }) {
  const { file, loadedAt, rejected, placeholders } = configuration;
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
        Monitoring configuration
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
              An edit of <FileName file={file} /> was refused
            </strong>{" "}
            (<When at={rejected.at} seconds />
            ). The last good configuration is still running, loaded{" "}
            {loadedAt ? <When at={loadedAt} seconds /> : "at start"}. Fix these problems and save the file again:
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
            <strong>{count === 1 ? "1 entry is a placeholder" : `${count} entries are placeholders`}</strong>:{" "}
            {count === 1 ? "it points" : "they point"} at a documentation host (such as example.com), so{" "}
            {count === 1 ? "it is not checked and never alerts" : "they are not checked and never alert"}. Replace{" "}
            {count === 1 ? "it" : "them"} with your own hosts in <FileName file={file} />; a saved edit is picked up
            while the server runs.
          </p>
          <ul
            aria-label="Placeholder entries"
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
