import { endOtherSessions, type AccountSession } from "../account-client.ts";
import { buttonClass, sectionClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { When } from "../when.tsx";
import { cellClass, ScrollTable } from "../scroll-table.tsx";

const cell = cellClass("top");

/** Where the account is signed in, and a way to sign out everywhere else. */
export function SessionsSection({
  sessions,
  run,
  busy,
}: {
  sessions: AccountSession[];
  run: RunAction;
  busy: boolean;
}) {
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading" className={sectionClass}>
      <h2 id="sessions-heading" className="text-lg font-bold">
        Sessions
      </h2>
      <ScrollTable
        label="Your sessions"
        align="top"
        headings={[
          "Started",
          "Last seen",
          "Device",
          <span key="current" className="sr-only">
            This session
          </span>,
        ]}
      >
        {sessions.map((session) => (
          <tr key={session.id}>
            <td className={`${cell} whitespace-nowrap`}>
              <When at={session.createdAt} stacked />
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              <When at={session.lastSeenAt} stacked />
            </td>
            <td className={`${cell} break-words`}>{session.userAgent ?? "Unknown device"}</td>
            <td className={`${cell} whitespace-nowrap font-semibold`}>{session.current ? "this session" : ""}</td>
          </tr>
        ))}
      </ScrollTable>
      <button
        type="button"
        disabled={busy || others === 0}
        onClick={() =>
          void run(endOtherSessions, {
            success: ({ ended }) => `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`,
          })
        }
        className={`${buttonClass} mt-3`}
      >
        Sign out other sessions
      </button>
    </section>
  );
}
