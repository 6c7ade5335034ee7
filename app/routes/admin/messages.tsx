import { may, type Permission } from "#shared/auth/permissions.ts";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import { RotateCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  CONTACT_STATUSES,
  type ContactDetail,
  type ContactStatus,
  type ContactSummary,
} from "#shared/contact/contact-status.ts";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { When } from "#app/admin/when.tsx";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { Route } from "./+types/messages";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "dashboard:read";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await requirePermission(request, context, permission);
  const params = new URL(request.url).searchParams;
  const status = CONTACT_STATUSES.find((s) => s === params.get("status"));
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const id = Number(params.get("id"));
  const list = await services.inbox.list({ ...(status ? { status } : {}), page });
  const selected = Number.isSafeInteger(id) && id > 0 ? ((await services.inbox.get(id)) ?? null) : null;
  return { user: session.user, ...list, status: status ?? null, selected };
}

const STATUS_STYLE: Record<ContactStatus, string> = {
  pending: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  sent: "bg-green-100 text-green-950 dark:bg-green-900 dark:text-green-50",
  failed: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
  spam: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
  quarantined: "bg-orange-100 text-orange-950 dark:bg-orange-900 dark:text-orange-50",
};

function StatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useStaffText();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {t(`messages.status.${status}`)}
    </span>
  );
}

const messageListClass =
  "divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700";
const button =
  "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 " +
  "font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800";

function query(next: { status?: string | null; page?: number; id?: number }): string {
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.page && next.page > 1) params.set("page", String(next.page));
  if (next.id) params.set("id", String(next.id));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/**
 * The staff inbox: every contact message with its delivery state. Visitor
 * text is only ever rendered as React text (escaped), never as HTML.
 */
export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { user, messages, page, pages, total, status, selected } = loaderData;
  const manage = may(user.role, "messages:manage");
  const { busy, problem, act } = useMessageAction();
  const { t } = useStaffText();

  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: t("messages.title") })}</title>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <BackToDashboard />
        <h1 className="mt-4 text-2xl font-bold">{t("messages.title")}</h1>
        <StatusFilter status={status} />
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {t(total === 1 ? "messages.count.one" : "messages.count.other", { n: total })}
        </p>
        {problem ? (
          <p
            role="alert"
            className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {problem}
          </p>
        ) : null}
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <MessageList messages={messages} status={status} page={page} selectedId={selected?.id} />
          {selected ? <MessageDetail message={selected} busy={busy} act={act} manage={manage} /> : null}
        </div>
        {pages > 1 ? <Pages status={status} page={page} pages={pages} /> : null}
      </main>
    </RouteGuard>
  );
}

type Act = (method: "POST" | "DELETE", path: string) => Promise<void>;

/** Sends one staff action on a message, then reads the page's data again; `problem` holds a refusal. */
function useMessageAction() {
  const revalidator = useRevalidator();
  const { t } = useStaffText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const act: Act = async (method, path) => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(`/api/admin/contact-messages/${path}`, { method });
      if (!response.ok)
        setProblem(
          ((await response.json().catch(() => ({}))) as { error?: string }).error ??
            t("messages.failed", { status: response.status }),
        );
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, act };
}

function StatusFilter({ status }: { status: ContactStatus | null }) {
  const { t } = useStaffText();
  return (
    <nav aria-label={t("messages.filterByStatus")} className="mt-4 flex flex-wrap gap-2">
      {[null, ...CONTACT_STATUSES].map((value) => (
        <Link
          key={value ?? "all"}
          to={query({ status: value })}
          aria-current={value === status ? "page" : undefined}
          className={
            "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium " +
            "aria-[current=page]:bg-brand-700 aria-[current=page]:text-white " +
            "dark:border-slate-600"
          }
        >
          {value ? t(`messages.status.${value}`) : t("messages.status.all")}
        </Link>
      ))}
    </nav>
  );
}

function MessageList({
  messages,
  status,
  page,
  selectedId,
}: {
  messages: ContactSummary[];
  status: ContactStatus | null;
  page: number;
  selectedId: number | undefined;
}) {
  const { t } = useStaffText();
  return (
    <ul className={messageListClass}>
      {messages.length === 0 ? <li className="p-4 text-slate-700 dark:text-slate-300">{t("messages.none")}</li> : null}
      {messages.map((message: ContactSummary) => (
        <li key={message.id}>
          <Link
            to={query({ status, page, id: message.id })}
            aria-current={selectedId === message.id ? "true" : undefined}
            className={
              "block p-3 hover:bg-slate-50 aria-[current=true]:bg-brand-50 " +
              "dark:hover:bg-slate-800 dark:aria-[current=true]:bg-slate-800"
            }
          >
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-semibold">{message.subject}</span>
              <StatusBadge status={message.status} />
            </span>
            <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
              {message.name} · {message.email} · <When at={message.receivedAt} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One message in full, with its delivery record and the actions staff can take on it. */
type DetailProps = {
  message: ContactDetail;
  busy: boolean;
  act: Act;
  /** The role may retry and delete. */ manage: boolean;
};

function MessageDetail({ message, busy, act, manage }: DetailProps) {
  const { t } = useStaffText();
  const attempts = t(message.attempts === 1 ? "messages.attempts.one" : "messages.attempts.other", {
    n: message.attempts,
  });
  return (
    <article aria-labelledby="message-subject" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="message-subject" className="text-lg font-bold break-words">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("messages.from")}</dt>
        <dd className="break-words">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="font-semibold">{t("messages.received")}</dt>
        <dd>
          <When at={message.receivedAt} />
        </dd>
        <dt className="font-semibold">{t("messages.language")}</dt>
        <dd>{message.language}</dd>
        <dt className="font-semibold">{t("messages.statusLabel")}</dt>
        <dd>
          <StatusBadge status={message.status} />{" "}
          {message.sentAt ? (
            <Interpolated
              text={t("messages.attemptsSent", { attempts })}
              slots={{ "{sent}": <When at={message.sentAt} /> }}
            />
          ) : (
            attempts
          )}
        </dd>
        {message.lastError ? (
          <>
            <dt className="font-semibold">{t("messages.lastError")}</dt>
            <dd className="break-words">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-4 rounded-md bg-slate-50 p-3 break-words whitespace-pre-wrap dark:bg-slate-800">
        {message.message}
      </p>
      {manage ? <MessageActions message={message} busy={busy} act={act} /> : null}
    </article>
  );
}

function MessageActions({ message, busy, act }: Omit<DetailProps, "manage">) {
  const { t } = useStaffText();
  return (
    <div className="mt-4 flex gap-2">
      {message.status !== "sent" ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void act("POST", `${message.id}/retry`)}
          className={button}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {message.status === "spam"
            ? t("messages.notSpam")
            : message.status === "quarantined"
              ? t("messages.release")
              : t("messages.retry")}
        </button>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          if (window.confirm(t("messages.deleteConfirm"))) void act("DELETE", String(message.id));
        }}
        className={button}
      >
        <Trash2 aria-hidden="true" className="size-4" /> {t("messages.delete")}
      </button>
    </div>
  );
}

function Pages({ status, page, pages }: { status: ContactStatus | null; page: number; pages: number }) {
  const { t } = useStaffText();
  return (
    <nav aria-label={t("common.pages")} className="mt-4 flex items-center gap-3">
      {page > 1 ? <Link to={query({ status, page: page - 1 })}>{t("common.previous")}</Link> : null}
      <span>{t("common.pageOf", { page, pages })}</span>
      {page < pages ? <Link to={query({ status, page: page + 1 })}>{t("common.next")}</Link> : null}
    </nav>
  );
}
