import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorScreen } from "./error-screen.tsx";

describe("the router's error screen", () => {
  it("shows its heading and the error message", () => {
    const html = renderToString(<ErrorScreen error={new Error("Database is down")} />);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Database is down");
  });

  it("shows the status of an error response", () => {
    const error = { status: 503, statusText: "Service Unavailable", internal: false, data: null };
    const html = renderToString(<ErrorScreen error={error} />);
    expect(html).toContain("503 Service Unavailable");
  });
});
