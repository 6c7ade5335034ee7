// Production boot: read the configuration, then in each worker process load
// the built site into memory, listen, and shut down gracefully on SIGTERM/SIGINT.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { bootServices } from "#server/boot.ts";
import { reportWorkerReady, runClustered } from "#server/cluster.ts";
import { ConfigError, getConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import { serveClusterMetrics } from "#server/http/metrics.ts";
import { createNodeListener } from "#server/http/node-listener.ts";
import { defaultBuildLayout, describeSiteFiles, loadSiteFiles } from "#server/http/site-files.ts";

async function startWorker() {
  const config = getConfig();
  const root = process.cwd();
  const build = (await import(pathToFileURL(join(root, "build/app/server/index.js")).href)) as ServerBuild;
  const siteFiles = loadSiteFiles(defaultBuildLayout(root));
  const running = await bootServices(config);
  const app = createApp({ build, mode: config.NODE_ENV, services: running.services });

  const server = createServer(createNodeListener(app, siteFiles, config.TRUST_PROXY));
  server.listen(config.PORT, config.HOST, () => {
    running.services.logger.info({ url: `http://localhost:${config.PORT}`, site: describeSiteFiles(siteFiles) }, "listening");
    reportWorkerReady();
  });

  const shutdown = (signal: string) => {
    running.services.logger.info({ signal }, "shutting down");
    server.close(() => void running.stop().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

function main() {
  return runClustered(getConfig().WEB_CONCURRENCY, startWorker, serveClusterMetrics);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
