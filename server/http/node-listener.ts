// The production request listener. Built files are answered straight from
// memory on Node's own request objects, which is several times faster than
// going through the Fetch API objects Hono works with; so is the not-found
// page for paths no route answers. Everything else goes to the Hono app.
// A page or asset at its exact path is answered from what the general path
// answered before to the same question (prepared-answers.ts, decision 061).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { FormTokens } from "#server/contact/form-token.ts";
import type { App } from "./app.ts";
import { FORM_PAGES, formTokenCookie } from "./form-token-cookie.ts";
import { createPreparedAnswers, fastRequest, type Answer, type FastRequest } from "./prepared-answers.ts";
import { isHttps } from "./request-info.ts";
import { securityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { respondFromSiteFiles, respondNotFound, type StaticReply, type StaticRequest } from "./static-responder.ts";

export type ListenerOptions = {
  trustProxy: boolean;
  /** Signs the token a contact page's answer carries in its cookie. */
  formTokens: FormTokens;
  /** True for a path that no route answers but the not-found page (unknown-paths.ts). */
  isUnknownPath: (pathname: string) => boolean;
  /**
   * False sends every request through the general path: the reference the prepared answers are compared with in
   * the tests. On by default.
   */
  preparedAnswers?: boolean;
};

type Header = (name: string) => string | null | undefined;

/** A page that sets a cookie must not be kept by a shared cache. */
const FORM_PAGE_CACHE = "private, max-age=0, must-revalidate";

/**
 * A built file's headers never change: merged with the security headers of either scheme once, as the flat list
 * writeHead takes. Built files carry no server-rendered script, so they need no nonce.
 */
function securityHeadersMerger() {
  const plain = securityHeaders({ https: false });
  const encrypted = securityHeaders({ https: true });
  const merged = new WeakMap<Readonly<Record<string, string>>, (readonly string[])[]>();
  return (headers: Readonly<Record<string, string>>, https: boolean): readonly string[] => {
    let pair = merged.get(headers);
    if (!pair)
      merged.set(
        headers,
        (pair = [
          { ...plain, ...headers },
          { ...encrypted, ...headers },
        ].map((each) => Object.entries(each).flat())),
      );
    return pair[https ? 1 : 0]!;
  };
}

/**
 * The form's time trap starts with each answer of a form page, 304s included: a fresh signed token in a cookie.
 * Everyone within 100 ms gets the same token, so an answer's headers are made once per token, not per request.
 */
function formCookieSetter(trustProxy: boolean, formTokens: FormTokens) {
  const withCookie = new WeakMap<readonly string[], { cookie: string; headers: readonly string[] }>();
  return (headers: readonly string[], header: Header): readonly string[] => {
    const cookie = formTokenCookie({ url: "http:", header, trustProxy }, formTokens.issue());
    let answer = withCookie.get(headers);
    if (answer?.cookie !== cookie) {
      const cached = headers.map((value, at) =>
        at % 2 === 1 && headers[at - 1] === "Cache-Control" ? FORM_PAGE_CACHE : value,
      );
      withCookie.set(headers, (answer = { cookie, headers: [...cached, "Set-Cookie", cookie] }));
    }
    return answer.headers;
  };
}

/** The header lookup of a fast request: it read only these. */
const fastHeader =
  (request: FastRequest): Header =>
  (name) =>
    name === "host" ? request.host : name === "x-forwarded-proto" ? request.forwardedProto : undefined;

export function createNodeListener(
  app: App,
  siteFiles: SiteFiles,
  { trustProxy, formTokens, isUnknownPath, preparedAnswers = true }: ListenerOptions,
) {
  const appListener = getRequestListener(app.fetch);
  const withSecurityHeaders = securityHeadersMerger();
  const withFormCookie = formCookieSetter(trustProxy, formTokens);
  const general = (request: StaticRequest, https: boolean): Answer | null => {
    const reply: StaticReply | null =
      respondFromSiteFiles(siteFiles, request) ??
      (isUnknownPath(request.pathname) ? respondNotFound(siteFiles, request) : null);
    return reply && { status: reply.status, headers: withSecurityHeaders(reply.headers, https), body: reply.body };
  };
  const prepared = createPreparedAnswers(general);

  const send = (res: ServerResponse, pathname: string, answer: Answer, header: Header) => {
    const headers = FORM_PAGES.has(pathname) ? withFormCookie(answer.headers, header) : answer.headers;
    res.writeHead(answer.status, headers as string[]);
    res.end(answer.body);
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const fast = preparedAnswers ? fastRequest(req, siteFiles) : null;
    if (fast) {
      const header = fastHeader(fast);
      send(res, fast.pathname, prepared(fast, isHttps(header, "http:", trustProxy)), header);
      return;
    }
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    const request = { method: req.method ?? "GET", pathname, search: query === -1 ? "" : url.slice(query), header };
    const answer = general(request, isHttps(header, "http:", trustProxy));
    if (answer) send(res, pathname, answer, header);
    else void appListener(req, res);
  };
}
