// Production boot: read the configuration, then in each worker process load
// the built site into memory, listen, and shut down gracefully on SIGTERM/SIGINT.
// The worker's code is imported in startWorker, not here: React and React
// Router choose their production builds from NODE_ENV when they are first
// loaded (main sets it first), and the primary, which only supervises,
// never loads them at all and stays small.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { reportWorkerReady, runClustered } from "#server/cluster.ts";
import { ConfigError, readConfig, type Config } from "#server/config.ts";
import { serveClusterMetrics } from "#server/http/metrics.ts";
import { createLimitedServer, SERVER_LIMITS } from "#server/http/server-limits.ts";

async function startWorker(config: Config) {
  const [
    { bootServices },
    { createApp },
    { createNodeListener },
    { compressForOrigin, defaultBuildLayout, describeSiteFiles, loadSiteFiles },
    { createUnknownPathCheck },
    { createStatusPages },
  ] = await Promise.all([
    import("#server/boot.ts"),
    import("#server/http/app.ts"),
    import("#server/http/node-listener.ts"),
    import("#server/http/site-files.ts"),
    import("#server/http/unknown-paths.ts"),
    import("#server/http/status-pages.ts"),
  ]);
  const root = process.cwd();
  const build = (await import(pathToFileURL(join(root, "build/app/server/index.js")).href)) as ServerBuild;
  const siteFiles = loadSiteFiles(defaultBuildLayout(root), { origin: config.SITE_URL });
  const running = await bootServices(config);
  const app = createApp({ build, mode: config.NODE_ENV, services: running.services });

  const isUnknownPath = createUnknownPathCheck(
    build,
    app.routes.map((route) => route.path),
  );
  // The status page is among the files in memory before the first visitor comes.
  const statusPages = createStatusPages({
    build,
    services: running.services,
    siteFiles,
    logger: running.services.logger,
    siteUrl: () => config.SITE_URL,
  });
  await statusPages.start();
  const listener = createNodeListener(app, siteFiles, {
    trustProxy: config.TRUST_PROXY,
    formTokens: running.services.formTokens,
    isUnknownPath,
  });
  // Behind a proxy every connection is the proxy's: no cap per client there.
  const server = createLimitedServer(listener, {
    ...SERVER_LIMITS,
    maxConnectionsPerClient: config.TRUST_PROXY ? null : SERVER_LIMITS.maxConnectionsPerClient,
  });
  server.listen(config.PORT, config.HOST, () => {
    running.services.logger.info(
      { url: `http://localhost:${config.PORT}`, origin: config.SITE_URL, site: describeSiteFiles(siteFiles) },
      "listening",
    );
    reportWorkerReady();
    const started = Date.now();
    compressForOrigin(siteFiles).then(
      (files) => running.services.logger.info({ files, ms: Date.now() - started }, "brotli copies made for the origin"),
      (error: unknown) =>
        running.services.logger.error({ err: error }, "brotli copies for the origin failed: gzip is served instead"),
    );
  });

  const shutdown = (signal: string) => {
    running.services.logger.info({ signal }, "shutting down");
    statusPages.stop();
    server.close(() => void running.stop().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

async function main() {
  // Read once in each process (the primary and every worker run main), and handed down from here.
  const config = readConfig();
  // Without it React renders with its development build, several times slower (workers inherit it).
  process.env.NODE_ENV = config.NODE_ENV;
  return runClustered(config.WEB_CONCURRENCY, () => startWorker(config), serveClusterMetrics);
}

main().catch((error: unknown) => {
  // A start refused for a reason the operator can act on says it in a sentence, not a stack. The migration's error is
  // known by name: importing its module here would load the database layer into the primary process.
  const stated = error instanceof ConfigError || (error instanceof Error && error.name === "MigrationFailed");
  console.error(stated ? (error as Error).message : error);
  process.exit(1);
});
