import { LinkStep } from "#app/components/status/link-step.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/status-unsubscribe";
import { unsubscribe, unsubscribeTarget } from "./status-subscribe.server.ts";

// The link in every status mail opens this page; one press of its button unsubscribes. (Mail clients that offer
// their own button POST to /api/status/unsubscribe instead: RFC 8058.)
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return { lang, messages: pickMessages(lang, ["subscribe"]), email: await unsubscribeTarget(request, context) };
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribe(request, context, requestLanguage(request));
}

export default function StatusUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { email } = loaderData;
  // A link of ours whose subscription ended already (a second click, or staff deleted it) says it is done.
  const gone = { done: true, title: t("subscribe.unsubscribedTitle"), text: t("subscribe.unsubscribedText") };
  return (
    <LinkStep
      heading={t("subscribe.unsubscribeHeading")}
      explanation={email === null || email === "gone" ? null : t("subscribe.unsubscribeText", { email })}
      invalid={t("subscribe.unsubscribeInvalid")}
      button={t("subscribe.unsubscribeButton")}
      result={actionData ?? (email === "gone" ? gone : undefined)}
    />
  );
}
