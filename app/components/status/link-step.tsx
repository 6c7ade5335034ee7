// The page a link in a status mail opens (confirm, unsubscribe): what the
// button will do, the button (a form post: mail scanners that open links do
// not press it), and afterwards what was done.
import type { ReactNode } from "react";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { buttonPrimary, textLink } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { KEEP_CLEAR_ATTRIBUTE } from "#app/chrome/markup.ts";

export type LinkStepResult = { done: boolean; text: string; title?: string; unsubscribeHref?: string };

const DONE = "max-w-2xl rounded-md bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100";
const FAILED = "max-w-2xl rounded-md bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100";

/** What a step did: done (a status) or not (an alert), with its title in bold. */
export function StepResult({ result }: { result: LinkStepResult }) {
  return (
    <p role={result.done ? "status" : "alert"} className={result.done ? DONE : FAILED}>
      {result.title ? <strong className="block text-lg">{result.title}</strong> : null}
      {result.text}
    </p>
  );
}

/** Under the page's last words on a phone: marked so the floating cookie button steps aside for it. */
export function BackToStatus() {
  const { t, href } = useLanguage();
  return (
    <p>
      <a href={href("/status")} className={textLink} {...{ [KEEP_CLEAR_ATTRIBUTE]: "" }}>
        {t("subscribe.back")}
      </a>
    </p>
  );
}

/** A new subscriber's way out before the first status mail brings one. */
function UnsubscribeLater({ href }: { href: string }) {
  const { t } = useLanguage();
  return (
    <p className="max-w-2xl">
      {t("subscribe.unsubscribeAnyTime")}{" "}
      <a href={href} className={textLink}>
        {t("subscribe.unsubscribeLink")}
      </a>
    </p>
  );
}

export function LinkStep(props: {
  heading: string;
  /** What pressing the button does; null when the link is not valid. */
  explanation: ReactNode | null;
  invalid: string;
  button: string;
  result?: LinkStepResult;
}) {
  const { result } = props;
  return (
    <>
      <PageMeta title={props.heading} description={props.heading} noindex />
      <PageHeader heading={props.heading} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12">
        {result ? (
          <>
            <StepResult result={result} />
            {result.unsubscribeHref ? <UnsubscribeLater href={result.unsubscribeHref} /> : null}
          </>
        ) : props.explanation === null ? (
          <StepResult result={{ done: false, text: props.invalid }} />
        ) : (
          <form method="post" className="max-w-2xl space-y-4">
            <p className="text-lg">{props.explanation}</p>
            <button type="submit" className={buttonPrimary}>
              {props.button}
            </button>
          </form>
        )}
        <BackToStatus />
      </div>
    </>
  );
}
