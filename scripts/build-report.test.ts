import type { Rolldown } from "vite";
import { describe, expect, it, vi } from "vitest";
import islandsConfig from "../vite.islands.config.ts";
import { linesWorthShowing, withoutUseClientWarnings } from "./build-report.ts";

// What `react-router build --logLevel warn` printed in a clean build, plus what a real problem looks like.
const ENV_FILE = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const REAL_WARNING = "\u001b[33m(!) Some chunks are larger than 500 kB after minification.\u001b[39m";

describe("the build's report of a tool's output", () => {
  it("leaves out blank lines and the known notices from inside the tools", () => {
    expect(linesWorthShowing(`${ENV_FILE}\n\n${ENV_FILE}\r\n  \n${ENV_FILE}\n`)).toEqual([]);
  });

  it("keeps everything else, colours included", () => {
    expect(linesWorthShowing(`${ENV_FILE}\n${REAL_WARNING}\nError: prerendering /en answered 500\n`)).toEqual([
      REAL_WARNING,
      "Error: prerendering /en answered 500",
    ]);
  });
});

describe("the islands bundle's warnings", () => {
  const log = (code: string, message: string): Rolldown.RolldownLog => ({ code, message });

  it('drops the module-level "use client" directive of every React library, and only that', () => {
    const handler = vi.fn();
    withoutUseClientWarnings(
      "warn",
      log(
        "MODULE_LEVEL_DIRECTIVE",
        'The semantics of the module level directive "use client" in ' +
          '"node_modules/lucide-react/dist/esm/Icon.mjs" may not be preserved when ' +
          "bundling.",
      ),
      handler,
    );
    expect(handler).not.toHaveBeenCalled();
    const other = log(
      "MODULE_LEVEL_DIRECTIVE",
      'The semantics of the module level directive "use strict-ish" may not be preserved.',
    );
    withoutUseClientWarnings("warn", other, handler);
    const circular = log("CIRCULAR_DEPENDENCY", "Circular dependency: a.ts -> b.ts -> a.ts");
    withoutUseClientWarnings("warn", circular, handler);
    expect(handler.mock.calls).toEqual([
      ["warn", other],
      ["warn", circular],
    ]);
  });

  it("is what the islands build uses", () => {
    expect(islandsConfig.build?.rolldownOptions?.onLog).toBe(withoutUseClientWarnings);
  });
});
