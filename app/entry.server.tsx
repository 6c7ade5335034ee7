import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type EntryContext } from "react-router";
import { nonceContext } from "#server/http/render-context.ts";
import { IslandRendererContext, RenderedIslandsContext, type IslandRenderer } from "./islands/island-renderer.ts";
import { NonceContext } from "./nonce.ts";

export const streamTimeout = 5_000;

const renderIsland: IslandRenderer = (node: ReactNode, identifierPrefix: string) =>
  renderToString(node, { identifierPrefix });

/**
 * Renders the whole document before answering (onAllReady): public pages are
 * small and complete HTML is what prerendering and crawlers need.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  // Prerendering has no load context, and its pages need no nonce (no inline router scripts).
  const nonce = loadContext instanceof RouterContextProvider ? loadContext.get(nonceContext) : "";
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <IslandRendererContext.Provider value={renderIsland}>
        <RenderedIslandsContext.Provider value={new Set()}>
          <NonceContext.Provider value={nonce}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
          </NonceContext.Provider>
        </RenderedIslandsContext.Provider>
      </IslandRendererContext.Provider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
