import { describe, expect, it } from "vitest";
import { prepareRequest, requestFor } from "./http1-request.ts";

const text = (url: string, headers: Record<string, string> = {}) =>
  prepareRequest(new URL(url), headers).bytes.toString("latin1");

describe("the request a check sends", () => {
  it("is one GET with the path and query, Host, the headers given and Connection: close", () => {
    expect(text("http://example.com/health?deep=1#frag", { Accept: "application/json" })).toBe(
      "GET /health?deep=1 HTTP/1.1\r\nHost: example.com\r\nAccept: application/json\r\nConnection: close\r\n\r\n",
    );
  });

  it("names the port in Host only when it is not the default", () => {
    expect(text("https://example.com:443/")).toContain("\r\nHost: example.com\r\n");
    expect(text("https://example.com:8443/")).toContain("\r\nHost: example.com:8443\r\n");
    expect(text("http://[::1]:8080/")).toContain("\r\nHost: [::1]:8080\r\n");
  });

  it("keeps a Host and an Authorization given, and sends no Connection but its own", () => {
    const sent = text("http://user:pw@example.com/", { host: "other", authorization: "Bearer t", Connection: "keep" });
    expect(sent).toBe("GET / HTTP/1.1\r\nhost: other\r\nauthorization: Bearer t\r\nConnection: close\r\n\r\n");
    expect(text("http://us%20er:p%3Aw@example.com/")).toContain(
      `\r\nAuthorization: Basic ${Buffer.from("us er:p:w").toString("base64")}\r\n`,
    );
  });

  it("connects to the address without brackets, with SNI only for a name", () => {
    expect(prepareRequest(new URL("https://[::1]/"), {})).toMatchObject({
      host: "::1",
      port: 443,
      servername: undefined,
    });
    expect(prepareRequest(new URL("https://10.0.0.1:8443/"), {})).toMatchObject({ port: 8443, servername: undefined });
    expect(prepareRequest(new URL("https://Example.COM/"), {})).toMatchObject({
      host: "example.com",
      port: 443,
      servername: "example.com",
      origin: "https://example.com",
      secure: true,
    });
    expect(prepareRequest(new URL("http://example.com/"), {})).toMatchObject({ port: 80, secure: false });
  });

  it("refuses a header that could split the request, and a protocol it does not speak", () => {
    expect(() => text("http://example.com/", { "X-A": "1\r\nX-B: 2" })).toThrow(
      'Invalid character in the value of header "X-A"',
    );
    expect(() => text("http://example.com/", { "X A": "1" })).toThrow('Invalid header name: "X A"');
    expect(() => text("http://example.com/", { "X-A": "€" })).toThrow('Invalid character in the value of header "X-A"');
    expect(() => text("ftp://example.com/")).toThrow('Protocol "ftp:" not supported');
  });

  it("is made once per URL and headers, and anew when either is another", () => {
    const url = new URL("http://example.com/a");
    const headers = { Accept: "*/*" };
    const first = requestFor(url, headers);
    expect(requestFor(url, headers)).toBe(first);
    expect(requestFor(url, { Accept: "*/*" })).not.toBe(first);
    url.pathname = "/b";
    expect(requestFor(url, headers).bytes.toString("latin1")).toMatch(/^GET \/b /);
  });
});
