import { data } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { SubscribeForm } from "#app/components/status/subscribe-form.tsx";
import { BackToStatus, StepResult } from "#app/components/status/link-step.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/status-subscribe";
import { formTokenHeaders } from "./contact.server.ts";
import { choosableServices, subscribe } from "./status-subscribe.server.ts";
import { retryAfterHeaders } from "./retry-after.ts";

// Rendered per request: each view sets a fresh form token (the time trap starts), and a post answers here. Unlike
// the confirm and unsubscribe pages (their links carry tokens: noindex) it may be found by search engines.
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return data(
    { lang, messages: pickMessages(lang, ["subscribe"]), services: await choosableServices(context, lang) },
    { headers: formTokenHeaders(request, context) },
  );
}

/** A refused post (too many, a full disk) says when to try again. */
export const headers = retryAfterHeaders;

export function action({ request, context }: Route.ActionArgs) {
  return subscribe(request, context, requestLanguage(request));
}

export default function StatusSubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const sent = actionData?.notice?.kind === "sent";
  return (
    <>
      <PageMeta title={t("subscribe.metaTitle")} description={t("subscribe.metaDescription")} />
      <PageHeader heading={t("subscribe.heading")} intro={t("subscribe.intro")} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12">
        {sent ? (
          <StepResult result={{ done: true, title: actionData.notice!.title, text: actionData.notice!.text }} />
        ) : (
          <SubscribeForm
            id="subscribe"
            services={loaderData.services}
            values={actionData?.values}
            errors={actionData?.errors}
            notice={actionData?.notice}
          />
        )}
        <BackToStatus />
      </div>
    </>
  );
}
