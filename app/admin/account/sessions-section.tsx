import { endOtherSessions, type AccountSession } from "../account-client.ts";
import { buttonClass, sectionClass } from "../fields.tsx";
import type { RunAction } from "../use-page-actions.ts";
import { useStaffText } from "../staff-language.tsx";
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
  const { t } = useStaffText();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading" className={sectionClass}>
      <h2 id="sessions-heading" className="text-lg font-bold">
        {t("account.sessions")}
      </h2>
      <ScrollTable
        label={t("account.sessionsTable")}
        align="top"
        headings={[
          t("account.sessionStarted"),
          t("account.sessionLastSeen"),
          t("account.sessionDevice"),
          <span key="current" className="sr-only">
            {t("account.sessionThis")}
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
            <td className={`${cell} break-words`}>{session.userAgent ?? t("account.unknownDevice")}</td>
            <td className={`${cell} whitespace-nowrap font-semibold`}>
              {session.current ? t("account.sessionThisShort") : ""}
            </td>
          </tr>
        ))}
      </ScrollTable>
      <button
        type="button"
        disabled={busy || others === 0}
        onClick={() =>
          void run(endOtherSessions, {
            success: ({ ended }) =>
              t(ended === 1 ? "account.signedOutOthers.one" : "account.signedOutOthers.other", { n: ended }),
          })
        }
        className={`${buttonClass} mt-3`}
      >
        {t("account.signOutOthers")}
      </button>
    </section>
  );
}
