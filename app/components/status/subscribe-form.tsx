// The status page's subscription form: a plain form that posts to
// /<lang>/status/subscribe, so it works without JavaScript and the page
// around it stays prerendered (the form token, the contact form's time trap,
// comes in a cookie set with the page). On the status page it asks only for
// the address (all services); the subscribe page also lets one choose.
import { Honeypot, FormNotice, fieldErrorClass, inputClass, type FormNoticeData } from "#app/components/form-parts.tsx";
import { SUBSCRIPTIONS_PRIVACY_ANCHOR } from "#shared/status/subscription.ts";
import { buttonPrimary, textLink } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";

type Choice = { id: string; name: string; group: string | null };

export type SubscribeFormProps = {
  /** A prefix for the form's ids: two forms may share a page in future, ids must not. */
  id: string;
  /** The services to choose from; without them, the form subscribes to all. */
  services?: readonly Choice[];
  values?: { email: string; scope: "all" | "chosen"; services: string[] };
  errors?: Partial<Record<string, string>>;
  notice?: FormNoticeData;
};

/** The services as checkboxes, under their groups' names where they have one. */
function ServiceChoice({
  id,
  services,
  chosen,
}: {
  id: string;
  services: readonly Choice[];
  chosen: ReadonlySet<string>;
}) {
  // As on the status page: the services without a group first, then each group in the order it first appears.
  const groups = new Map<string | null, Choice[]>([[null, []]]);
  for (const service of services) groups.set(service.group, [...(groups.get(service.group) ?? []), service]);
  if (groups.get(null)!.length === 0) groups.delete(null);
  return (
    <div className="mt-2 ml-7 space-y-3">
      {[...groups].map(([group, members]) => (
        <div key={group ?? ""} role={group ? "group" : undefined} aria-label={group ?? undefined}>
          {group ? <p className="text-sm font-semibold">{group}</p> : null}
          <ul className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {members.map((service) => (
              <li key={service.id}>
                <label className="flex min-h-8 items-center gap-2">
                  <input
                    type="checkbox"
                    name="services"
                    value={service.id}
                    id={`${id}-service-${service.id}`}
                    defaultChecked={chosen.has(service.id)}
                    className="size-4"
                  />
                  {service.name}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** All services or chosen ones: two radio buttons, the second with its checkboxes. */
function Scope({ id, props }: { id: string; props: SubscribeFormProps }) {
  const { t } = useLanguage();
  const scope = props.values?.scope ?? "all";
  const error = props.errors?.services;
  return (
    <fieldset aria-describedby={error ? `${id}-services-error` : undefined}>
      <legend className="text-sm font-semibold">{t("subscribe.scopeLegend")}</legend>
      <label className="mt-2 flex min-h-8 items-center gap-2">
        <input type="radio" name="scope" value="all" defaultChecked={scope === "all"} className="size-4" />
        {t("subscribe.scopeAll")}
      </label>
      <label className="flex min-h-8 items-center gap-2">
        <input type="radio" name="scope" value="chosen" defaultChecked={scope === "chosen"} className="size-4" />
        {t("subscribe.scopeChosen")}
      </label>
      <ServiceChoice id={id} services={props.services ?? []} chosen={new Set(props.values?.services ?? [])} />
      {error ? (
        <p id={`${id}-services-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function SubscribeForm(props: SubscribeFormProps) {
  const { t, href } = useLanguage();
  const { id } = props;
  const emailError = props.errors?.email;
  const choosing = props.services !== undefined && props.services.length > 1;
  return (
    <form method="post" action={href("/status/subscribe")} className="relative max-w-2xl space-y-4">
      {props.notice ? <FormNotice notice={props.notice} /> : null}
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-semibold">
          {t("subscribe.email")}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={props.values?.email ?? ""}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          className={inputClass}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className={fieldErrorClass}>
            {emailError}
          </p>
        ) : null}
      </div>
      {choosing ? <Scope id={id} props={props} /> : <input type="hidden" name="scope" value="all" />}
      <Honeypot id={`${id}-website`} label={t("subscribe.honeypot")} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("subscribe.consent")}{" "}
        <a href={`${href("/privacy-policy")}#${SUBSCRIPTIONS_PRIVACY_ANCHOR}`} className={textLink}>
          {t("subscribe.privacyLink")}
        </a>
        .
      </p>
      <button type="submit" className={`${buttonPrimary} w-full sm:w-auto`}>
        {t("subscribe.submit")}
      </button>
    </form>
  );
}
