// The status page subscription's pages, server side: the form's post (the
// intake checks it like the contact form), the confirmation and the
// unsubscribe, each a plain form post that works without JavaScript.
import { data, type RouterContextProvider } from "react-router";
import type { Language } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { withFormToken } from "#server/http/form-token-cookie.ts";
import { clientIpContext } from "#server/http/render-context.ts";
import type { MessageKey } from "#app/i18n/en.ts";
import { translate } from "#app/i18n/language.tsx";
import { pickMessages } from "#app/i18n/messages.server.ts";
import { servicesFrom } from "#app/services.server.ts";
import { loadPublicStatus } from "./status.server.ts";

export type Notice = { kind: "sent" | "error"; title?: string; text: string };

export type SubscribeActionData = {
  notice?: Notice;
  values?: { email: string; scope: "all" | "chosen"; services: string[] };
  errors?: Partial<Record<string, string>>;
};

const NOT_CONFIGURED = { notice: { kind: "error", text: "Monitoring is not configured." } } as const;

function words(lang: Language) {
  const messages = pickMessages(lang, ["subscribe"]);
  return (key: MessageKey, values?: Record<string, string>) => translate(messages, key, values);
}

/** The public services to choose from, in the page's order, with their group. */
export async function choosableServices(context: Readonly<RouterContextProvider>, lang: Language) {
  const status = await loadPublicStatus(context);
  return (status?.services ?? []).map((service) => ({
    id: service.id,
    name: service.name[lang],
    group: service.group,
  }));
}

export async function subscribe(request: Request, context: Readonly<RouterContextProvider>, lang: Language) {
  const t = words(lang);
  const services = servicesFrom(context);
  const subscriptions = services.subscriptions;
  if (!subscriptions) return data<SubscribeActionData>(NOT_CONFIGURED, { status: 503 });
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const chosen = form.getAll("services").filter((value): value is string => typeof value === "string");
  const scope = text("scope") === "chosen" ? "chosen" : "all";
  const submission = {
    email: text("email") ?? "",
    scope,
    services: chosen,
    website: text("website"),
    token: text("token"),
  };
  const values = { email: submission.email, scope, services: chosen } as const;
  const cookieRequest = {
    url: request.url,
    header: (name: string) => request.headers.get(name),
    trustProxy: services.config.TRUST_PROXY,
  };
  const result = await subscriptions.intake.subscribe(
    withFormToken(submission, cookieRequest),
    { ip: context.get(clientIpContext), language: lang },
    {
      emailInvalid: t("subscribe.emailInvalid"),
      chooseService: t("subscribe.chooseService"),
      unknownService: t("subscribe.unknownService"),
    },
  );
  const error = (message: string, status: number, errors?: Record<string, string>) =>
    data<SubscribeActionData>(
      { values, notice: { kind: "error", text: message }, ...(errors ? { errors } : {}) },
      { status },
    );
  switch (result.kind) {
    case "accepted":
      return data<SubscribeActionData>({
        notice: { kind: "sent", title: t("subscribe.sentTitle"), text: t("subscribe.sentText") },
      });
    case "invalid":
      return error(t("subscribe.fixFields"), 400, result.fields);
    case "token":
      return error(
        t(
          result.reason === "too-early"
            ? "subscribe.slowDown"
            : result.reason === "expired"
              ? "subscribe.expired"
              : "subscribe.forged",
        ),
        400,
      );
    case "rate-limited":
      return data<SubscribeActionData>(
        { values, notice: { kind: "error", text: t("subscribe.tooMany") } },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    case "no-space":
      return data<SubscribeActionData>(
        { values, notice: { kind: "error", text: t("subscribe.noSpace") } },
        { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}

export type LinkActionData = { done: boolean; text: string; title?: string; unsubscribeHref?: string };

/** The confirmation link's button: the subscription starts, with the consent on record. */
export async function confirm(request: Request, context: Readonly<RouterContextProvider>, lang: Language) {
  const t = words(lang);
  const services = servicesFrom(context);
  if (!services.subscriptions)
    return data<LinkActionData>({ done: false, text: "Monitoring is not configured." }, { status: 503 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await services.subscriptions.subscribers.confirm(token, context.get(clientIpContext));
  if (result.kind === "invalid")
    return data<LinkActionData>({ done: false, text: t("subscribe.confirmInvalid") }, { status: 404 });
  return data<LinkActionData>({
    done: true,
    title: t("subscribe.confirmedTitle"),
    text: t("subscribe.confirmedText", { email: result.email }),
    unsubscribeHref: `${localizePath(lang, "/status/unsubscribe")}?token=${result.unsubscribeToken}`,
  });
}

/** The unsubscribe link's button. */
export async function unsubscribe(request: Request, context: Readonly<RouterContextProvider>, lang: Language) {
  const t = words(lang);
  const subscriptions = servicesFrom(context).subscriptions;
  if (!subscriptions)
    return data<LinkActionData>({ done: false, text: "Monitoring is not configured." }, { status: 503 });
  const result = await subscriptions.subscribers.unsubscribe(new URL(request.url).searchParams.get("token") ?? "");
  if (result.kind === "invalid")
    return data<LinkActionData>({ done: false, text: t("subscribe.unsubscribeInvalid") }, { status: 404 });
  return data<LinkActionData>({
    done: true,
    title: t("subscribe.unsubscribedTitle"),
    text: t("subscribe.unsubscribedText"),
  });
}

/** Whom the unsubscribe link names, for the page before the button; null when it names nobody (any more). */
export async function unsubscribeTarget(request: Request, context: Readonly<RouterContextProvider>) {
  const subscriptions = servicesFrom(context).subscriptions;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return subscriptions ? subscriptions.subscribers.unsubscribeTarget(token) : null;
}
