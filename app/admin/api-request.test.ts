import { afterEach, describe, expect, it, vi } from "vitest";
import { requestJson } from "./api-request.ts";

afterEach(() => vi.unstubAllGlobals());

/** A page whose <html lang> is lang, and a server that answers with the given response (or not at all). */
function page(lang: string | undefined, answer: () => Promise<Response>) {
  if (lang !== undefined) vi.stubGlobal("document", { documentElement: { lang } });
  vi.stubGlobal("fetch", vi.fn(answer));
}

describe("a call's own failure sentences", () => {
  it("follow the page's staff language", async () => {
    page("de", () => Promise.resolve(new Response("<html>", { status: 502 })));
    expect(await requestJson("GET", "/api/admin/staff/")).toMatchObject({
      ok: false,
      status: 502,
      error: "Die Anfrage ist fehlgeschlagen (Status 502). Bitte versuchen Sie es erneut.",
    });
    page("de", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await requestJson("GET", "/api/admin/staff/")).toMatchObject({
      status: 0,
      error: "Der Server war nicht erreichbar. Bitte versuchen Sie es erneut.",
    });
  });

  it("are English without a page, and the server's own sentence passes as it came", async () => {
    page(undefined, () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await requestJson("GET", "/api/x")).toMatchObject({
      error: "The server could not be reached. Please try again.",
    });
    page("de", () => Promise.resolve(Response.json({ error: "Vom Server formuliert" }, { status: 400 })));
    expect(await requestJson("POST", "/api/x", {})).toMatchObject({ status: 400, error: "Vom Server formuliert" });
  });
});
