import { LinkStep } from "#app/components/status/link-step.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/status-confirm";
import { confirm } from "./status-subscribe.server.ts";

// The confirmation link opens this page; its button confirms (a scanner that opens the link confirms nothing).
export function loader({ request }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { lang, messages: pickMessages(lang, ["subscribe"]), hasToken: token !== "" };
}

export function action({ request, context }: Route.ActionArgs) {
  return confirm(request, context, requestLanguage(request));
}

export default function StatusConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  return (
    <LinkStep
      heading={t("subscribe.confirmHeading")}
      explanation={loaderData.hasToken ? t("subscribe.confirmText") : null}
      invalid={t("subscribe.confirmInvalid")}
      button={t("subscribe.confirmButton")}
      result={actionData}
    />
  );
}
