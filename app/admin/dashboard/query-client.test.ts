import { describe, expect, it } from "vitest";
import { createDashboardQueryClient, shouldRetry } from "./query-client.ts";
import { PanelError } from "./staff-api.ts";

describe("the dashboard's query client", () => {
  it(
    "keeps TanStack Query's defaults: retries doubling from 1 s to " +
      "at most 30 s, five minutes before unused data goes",
    () => {
      const defaults = createDashboardQueryClient().getDefaultOptions().queries!;
      expect(defaults.retryDelay).toBeUndefined();
      expect(defaults.gcTime).toBeUndefined();
    },
  );

  it.each([
    ["a network failure", new PanelError("Failed: the server cannot be reached"), [true, true, true, false]],
    ["a failing peer (502)", new PanelError("Failed: connection refused", 502), [true, true, true, false]],
    ["signed out (401)", new PanelError("Failed: Not signed in", 401), [false, false, false, false]],
    ["not configured (404)", new PanelError("Failed: Not configured", 404), [false, false, false, false]],
  ])("retries %s three times at most, a request the server refused never", (_name, error, expected) => {
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, error))).toEqual(expected);
  });
});
