import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/routing/pages.ts";

export default {
  ssr: true,
  // Beside build/islands (built first), which a React Router build must not wipe.
  buildDirectory: "build/app",
  // Every language-prefixed public page is rendered at build time; the
  // unprefixed variants depend on the visitor's language and are rendered by
  // prerenderVariants (scripts/build-steps.ts) from the same server build.
  prerender: prerenderPaths(),
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
