// The production request listener. Built files are answered straight from
// memory on Node's own request objects, which is several times faster than
// going through the Fetch API objects Hono works with; so is the not-found
// page for paths no route answers. Everything else goes to the Hono app.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { FormTokens } from "#server/contact/form-token.ts";
import type { App } from "./app.ts";
import { FORM_PAGES, formTokenCookie } from "./form-token-cookie.ts";
import { isHttps } from "./request-info.ts";
import { securityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { respondFromSiteFiles, respondNotFound } from "./static-responder.ts";

export type ListenerOptions = {
  trustProxy: boolean;
  /** Signs the token a contact page's answer carries in its cookie. */
  formTokens: FormTokens;
  /** True for a path that no route answers but the not-found page (unknown-paths.ts). */
  isUnknownPath: (pathname: string) => boolean;
};

/** A page that sets a cookie must not be kept by a shared cache. */
const FORM_PAGE_CACHE = "private, max-age=0, must-revalidate";

export function createNodeListener(
  app: App,
  siteFiles: SiteFiles,
  { trustProxy, formTokens, isUnknownPath }: ListenerOptions,
) {
  const appListener = getRequestListener(app.fetch);
  // Built files carry no server-rendered script, so they need no nonce: two fixed header sets.
  const plain = securityHeaders({ https: false });
  const encrypted = securityHeaders({ https: true });
  // A built file's headers never change: merge them with the security headers once.
  const merged = new WeakMap<Readonly<Record<string, string>>, Record<string, string>[]>();
  const withSecurityHeaders = (headers: Readonly<Record<string, string>>, https: boolean) => {
    let pair = merged.get(headers);
    if (!pair)
      merged.set(
        headers,
        (pair = [
          { ...plain, ...headers },
          { ...encrypted, ...headers },
        ]),
      );
    return pair[https ? 1 : 0]!;
  };
  const formAnswers = new WeakMap<Record<string, string>, { cookie: string; headers: Record<string, string> }>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    const request = { method: req.method ?? "GET", pathname, search: query === -1 ? "" : url.slice(query), header };
    const reply =
      respondFromSiteFiles(siteFiles, request) ??
      (isUnknownPath(pathname) ? respondNotFound(siteFiles, request) : null);
    if (!reply) {
      void appListener(req, res);
      return;
    }
    const https = isHttps(header, "http:", trustProxy);
    let headers = withSecurityHeaders(reply.headers, https);
    if (FORM_PAGES.has(pathname)) {
      // The form's time trap starts now: a fresh signed token with every answer, 304s included. Everyone within
      // 100 ms gets the same token, so the answer's headers are made once per token, not once per request.
      const cookie = formTokenCookie({ url: "http:", header, trustProxy }, formTokens.issue());
      let answer = formAnswers.get(headers);
      if (answer?.cookie !== cookie)
        formAnswers.set(
          headers,
          (answer = { cookie, headers: { ...headers, "Cache-Control": FORM_PAGE_CACHE, "Set-Cookie": cookie } }),
        );
      headers = answer.headers;
    }
    res.writeHead(reply.status, headers);
    res.end(reply.body);
  };
}
