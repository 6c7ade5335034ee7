import { describe, expect, it } from "vitest";
import { isDocumentationHost, urlHost } from "./placeholders.ts";

describe("documentation hosts are placeholders", () => {
  it.each([
    ["example.com", true],
    ["centron.example.com", true],
    ["EXAMPLE.ORG.", true],
    ["svc.example.net", true],
    ["host.example", true],
    ["192.0.2.10", true],
    ["198.51.100.7", true],
    ["203.0.113.255", true],
    ["[2001:db8::1]", true],
    ["2001:0db8:0:0::5", true],
    ["example.community", false],
    ["myexample.com", false],
    ["example.com.evil.net", false],
    ["centron.test", false],
    ["nowhere.invalid", false],
    ["127.0.0.1", false],
    ["192.0.20.1", false],
    ["2001:db80::1", false],
    ["muster-digital.de", false],
  ])("%s: %s", (host, expected) => expect(isDocumentationHost(host)).toBe(expected));

  it("reads a URL's host, and nothing from what is not a URL", () => {
    expect(urlHost("https://centron.example.com:3001/health")).toBe("centron.example.com");
    expect(urlHost("http://[2001:db8::1]:80/")).toBe("[2001:db8::1]");
    expect(urlHost("not a url")).toBeUndefined();
  });
});
