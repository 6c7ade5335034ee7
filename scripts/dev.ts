// Development server: Vite in middleware mode (hot reload, on-demand
// transforms) in front of the same Hono app as production, which renders
// pages from Vite's live server build.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { readConfig } from "#server/config.ts";
import { bootServices } from "#server/boot.ts";
import { createApp } from "#server/http/app.ts";

const config = readConfig();
// Images are drawn at build time; development needs them too.
const { generateImages } = await import("./generate-images.ts");
console.log(await generateImages());
// Hot reload's websocket shares the HTTP server, so the CSP's connect-src 'self' allows it.
let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const httpServer = createHttpServer((req, res) => handle(req, res));
const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: "custom",
});
const ssr = vite.environments.ssr;
if (!ssr || !("runner" in ssr)) throw new Error("Vite has no SSR environment runner");

const { services } = await bootServices(config);
const app = createApp({
  services,
  build: () =>
    (ssr as unknown as { runner: { import: (id: string) => Promise<ServerBuild> } }).runner.import(
      "virtual:react-router/server-build",
    ),
  mode: "development",
});
const listener = getRequestListener(app.fetch);

handle = (req, res) => vite.middlewares(req, res, () => listener(req, res));
httpServer.listen(config.PORT, config.HOST, () => {
  console.log(`Development server on http://localhost:${config.PORT}`);
});
