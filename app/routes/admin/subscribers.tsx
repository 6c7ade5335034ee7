import type { Permission } from "#shared/auth/permissions.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { statusWebhookSchemaIn } from "#shared/status/status-webhook-schema.ts";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { requestJson } from "#app/admin/api-request.ts";
import { BackToDashboard } from "#app/admin/back-to-dashboard.tsx";
import {
  buttonClass,
  ErrorMessage,
  Field,
  primaryButtonClass,
  sectionClass,
  StatusMessage,
} from "#app/admin/fields.tsx";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { cellClass, ScrollTable } from "#app/admin/scroll-table.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { useStaffText, type StaffTextValue } from "#app/admin/staff-language.tsx";
import { usePageActions, type RunAction } from "#app/admin/use-page-actions.ts";
import { When } from "#app/admin/when.tsx";
import type { Route } from "./+types/subscribers";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "subscribers:manage";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await requirePermission(request, context, permission);
  const subscriptions = services.subscriptions;
  // Without monitoring there is no status page, so nobody to list: the page says so instead of failing.
  if (!subscriptions) return { user: session.user, configured: false, subscribers: [], webhooks: [] };
  const [subscribers, webhooks] = await Promise.all([subscriptions.subscribers.list(), subscriptions.webhooks.list()]);
  return { user: session.user, configured: true, subscribers, webhooks };
}

type LoaderData = Route.ComponentProps["loaderData"];
type Subscriber = LoaderData["subscribers"][number];
type Webhook = LoaderData["webhooks"][number];

const base = "/api/admin/status";
const cell = cellClass("top");
const badge = "inline-block rounded px-2 py-0.5 text-xs font-semibold";
const confirmedBadge = `${badge} bg-green-100 text-green-950 dark:bg-green-900 dark:text-green-50`;
const waitingBadge = `${badge} bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50`;

const servicesText = (services: string[] | null, t: StaffTextValue["t"]) =>
  services === null ? t("subscribers.allServices") : services.join(", ");

/** The status page's subscribers and the customers' systems it tells (owners only). */
export default function SubscribersPage({ loaderData }: Route.ComponentProps) {
  const { configured, subscribers, webhooks } = loaderData;
  const { run, busy, error, status } = usePageActions();
  const { t } = useStaffText();
  return (
    <RouteGuard>
      <title>{t("common.documentTitle", { page: t("subscribers.title") })}</title>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <BackToDashboard />
        <h1 className="mt-4 text-2xl font-bold">{t("subscribers.title")}</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("subscribers.intro")}</p>
        <div className="sticky top-0 z-10 mt-3 space-y-2">
          <ErrorMessage>{error}</ErrorMessage>
          <StatusMessage>{status}</StatusMessage>
        </div>
        {configured ? (
          <>
            <SubscriberTable subscribers={subscribers} run={run} busy={busy} />
            <section aria-labelledby="webhooks-heading" className={sectionClass}>
              <h2 id="webhooks-heading" className="text-lg font-bold">
                {t("subscribers.webhooks")}
              </h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {t("subscribers.secretBefore")} <code>X-Signature-256: sha256=</code>
                {t("subscribers.secretAfter")}
              </p>
              <WebhookTable webhooks={webhooks} run={run} busy={busy} />
              <h3 className="mt-4 font-semibold">{t("subscribers.addWebhook")}</h3>
              <WebhookForm run={run} busy={busy} />
            </section>
          </>
        ) : (
          <p className="mt-4">{t("subscribers.notConfigured")}</p>
        )}
      </main>
    </RouteGuard>
  );
}

type ActionProps = { run: RunAction; busy: boolean };

type DeleteProps = ActionProps & {
  /** The button's accessible name: which row it deletes. */ label: string;
  question: string;
  path: string;
  success: string;
};

/** A delete button that asks first, named for what it deletes. */
function DeleteButton({ label, question, path, success, run, busy }: DeleteProps) {
  const { t } = useStaffText();
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={label}
      onClick={() => {
        if (window.confirm(question)) void run(() => requestJson<undefined>("DELETE", path), { success });
      }}
      className={buttonClass}
    >
      <Trash2 aria-hidden="true" className="size-4" /> {t("subscribers.delete")}
    </button>
  );
}

const SUBSCRIBER_HEADINGS = [
  "subscribers.email",
  "subscribers.state",
  "subscribers.language",
  "subscribers.services",
  "subscribers.requested",
  "subscribers.confirmedAt",
  "subscribers.actions",
] as const;
const WEBHOOK_HEADINGS = [
  "subscribers.customer",
  "subscribers.url",
  "subscribers.services",
  "subscribers.secret",
  "subscribers.added",
  "subscribers.actions",
] as const;

function SubscriberTable({ subscribers, run, busy }: ActionProps & { subscribers: Subscriber[] }) {
  const { t } = useStaffText();
  return (
    <section aria-labelledby="subscribers-heading" className={sectionClass}>
      <h2 id="subscribers-heading" className="text-lg font-bold">
        {t("subscribers.emailSubscribers")}
      </h2>
      {subscribers.length === 0 ? (
        <p className="mt-2 text-sm">{t("subscribers.none")}</p>
      ) : (
        <ScrollTable
          label={t("subscribers.emailSubscribers")}
          align="top"
          headings={SUBSCRIBER_HEADINGS.map((key) => t(key))}
        >
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <th scope="row" className={`${cell} font-normal break-all`}>
                {subscriber.email}
              </th>
              <td className={cell}>
                <span className={subscriber.confirmed ? confirmedBadge : waitingBadge}>
                  {subscriber.confirmed ? t("subscribers.confirmed") : t("subscribers.waiting")}
                </span>
              </td>
              <td className={cell}>{subscriber.language.toUpperCase()}</td>
              <td className={`${cell} break-words`}>{servicesText(subscriber.services, t)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <When at={subscriber.requestedAt} stacked />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {subscriber.confirmedAt ? <When at={subscriber.confirmedAt} stacked /> : "–"}
                {subscriber.consentVersion ? (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">
                    {t("subscribers.consent", { version: subscriber.consentVersion })}
                  </span>
                ) : null}
              </td>
              <td className={cell}>
                <DeleteButton
                  label={t("subscribers.deleteLabel", { email: subscriber.email })}
                  question={t("subscribers.deleteQuestion", { email: subscriber.email })}
                  path={`${base}/subscribers/${subscriber.id}`}
                  success={t("subscribers.deleted", { email: subscriber.email })}
                  run={run}
                  busy={busy}
                />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

function WebhookTable({ webhooks, run, busy }: ActionProps & { webhooks: Webhook[] }) {
  const { t } = useStaffText();
  if (webhooks.length === 0) return <p className="mt-2 text-sm">{t("subscribers.noWebhooks")}</p>;
  return (
    <ScrollTable label={t("subscribers.webhooks")} align="top" headings={WEBHOOK_HEADINGS.map((key) => t(key))}>
      {webhooks.map((webhook) => (
        <tr key={webhook.id}>
          <th scope="row" className={`${cell} font-normal break-words`}>
            {webhook.customer}
          </th>
          <td className={`${cell} break-all`}>{webhook.url}</td>
          <td className={`${cell} break-words`}>{servicesText(webhook.services, t)}</td>
          <td className={`${cell} break-all`}>
            <code>{webhook.secret}</code>
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            <When at={webhook.createdAt} stacked />
            <span className="block text-xs text-slate-700 dark:text-slate-300">
              {t("subscribers.by", { name: webhook.createdBy })}
            </span>
          </td>
          <td className={cell}>
            <DeleteButton
              label={t("subscribers.deleteWebhookLabel", { customer: webhook.customer })}
              question={t("subscribers.deleteWebhookQuestion", { customer: webhook.customer })}
              path={`${base}/webhooks/${webhook.id}`}
              success={t("subscribers.webhookDeleted", { customer: webhook.customer })}
              run={run}
              busy={busy}
            />
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** "a, b c" as ["a", "b", "c"]; nothing written means every service. */
function serviceIds(text: string): string[] | null {
  const ids = text.split(/[\s,]+/).filter(Boolean);
  return ids.length === 0 ? null : ids;
}

/** A field's message, whichever of its parts ("services.2") it is about. */
function byField(fields: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) problems[path.split(".")[0]!] ??= message;
  return problems;
}

/** Adds a customer's webhook; checked here with the API's own schema first, then by the API. */
function WebhookForm({ run, busy }: ActionProps) {
  const { lang, t } = useStaffText();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const parsed = statusWebhookSchemaIn(lang).safeParse({
      customer: String(values.get("customer") ?? ""),
      url: String(values.get("url") ?? "").trim(),
      services: serviceIds(String(values.get("services") ?? "")),
    });
    if (!parsed.success) return setProblems(byField(fieldErrors(parsed.error)));
    setProblems({});
    const result = await run(() => requestJson<{ webhook: Webhook }>("POST", `${base}/webhooks`, parsed.data), {
      success: ({ webhook }) => t("subscribers.webhookAdded", { customer: webhook.customer }),
    });
    if (result.ok) form.reset();
    else setProblems(byField(result.fields ?? {}));
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-3 flex flex-wrap items-start gap-3"
    >
      <Field
        label={t("subscribers.customer")}
        name="customer"
        autoComplete="off"
        required
        problem={problems.customer}
        wrapperClass="w-56"
      />
      <Field
        label={t("subscribers.url")}
        name="url"
        type="url"
        autoComplete="off"
        required
        placeholder="https://"
        problem={problems.url}
        wrapperClass="w-80"
      />
      <Field
        label={t("subscribers.servicesField")}
        name="services"
        autoComplete="off"
        problem={problems.services}
        wrapperClass="w-80"
      />
      <button type="submit" disabled={busy} className={`${primaryButtonClass} mt-6`}>
        {t("subscribers.add")}
      </button>
    </form>
  );
}
