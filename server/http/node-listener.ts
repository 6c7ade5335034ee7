// The production request listener. Built files are answered straight from
// memory on Node's own request objects, which is several times faster than
// going through the Fetch API objects Hono works with; everything else goes
// to the Hono app.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { App } from "./app.ts";
import { isHttps } from "./request-info.ts";
import { securityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { respondFromSiteFiles } from "./static-responder.ts";

export function createNodeListener(app: App, siteFiles: SiteFiles, trustProxy: boolean) {
  const appListener = getRequestListener(app.fetch);
  // Built files carry no server-rendered script, so they need no nonce: two fixed header sets.
  const plain = securityHeaders({ https: false });
  const encrypted = securityHeaders({ https: true });
  // A built file's headers never change: merge them with the security headers once.
  const merged = new WeakMap<Readonly<Record<string, string>>, Record<string, string>[]>();
  const withSecurityHeaders = (headers: Readonly<Record<string, string>>, https: boolean) => {
    let pair = merged.get(headers);
    if (!pair) merged.set(headers, (pair = [{ ...plain, ...headers }, { ...encrypted, ...headers }]));
    return pair[https ? 1 : 0]!;
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    const reply = respondFromSiteFiles(siteFiles, {
      method: req.method ?? "GET",
      pathname: query === -1 ? url : url.slice(0, query),
      search: query === -1 ? "" : url.slice(query),
      header,
    });
    if (!reply) {
      void appListener(req, res);
      return;
    }
    res.writeHead(reply.status, withSecurityHeaders(reply.headers, isHttps(header, "http:", trustProxy)));
    res.end(reply.body);
  };
}
