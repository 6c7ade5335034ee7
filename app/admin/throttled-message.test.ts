import { describe, expect, it } from "vitest";
import { throttledMessage, waitText } from "./throttled-message.ts";

describe("the wait a held sign-in step names", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [2, "2 seconds"],
    [89, "89 seconds"],
    [90, "2 minutes"],
    [900, "15 minutes"],
    [5340, "89 minutes"],
    [5400, "1 hour 30 minutes"],
    [7200, "2 hours"],
    [86_399, "24 hours"],
    [19_201, "5 hours 21 minutes"],
  ])("%s s reads as %s", (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });

  it("says what else works when the account's codes are held", () => {
    expect(throttledMessage(4, undefined)).toBe("Too many sign-in attempts. Please try again in 4 seconds.");
    expect(throttledMessage(3 * 3600, "codes")).toBe(
      "Too many wrong codes were tried for this account. Please try again in 3 hours, " +
        "or use a recovery code or a passkey.",
    );
  });
});

describe("the wait in German", () => {
  it("names units in German, formal", () => {
    expect(waitText(1, "de")).toBe("1 Sekunde");
    expect(waitText(5400, "de")).toBe("1 Stunde 30 Minuten");
    expect(throttledMessage(4, undefined, "de")).toBe(
      "Zu viele Anmeldeversuche. Bitte versuchen Sie es in 4 Sekunden erneut.",
    );
  });
});
