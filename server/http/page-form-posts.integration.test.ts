// Posts to the form pages that are not form posts (JSON or multipart to
// /en/contact or /en/status/subscribe once answered 500 and logged a
// stack trace): through the real app, with pages whose actions read the body
// as the real ones do, each is answered 415 or 400 with a short text, no
// action runs, and the log holds no error and no stack.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { migrate } from "#server/db/migrate.ts";
import { createServices } from "#server/services.ts";
import { formPageBuild, type FormPageBuild } from "#tests/support/form-page-build.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createApp } from "./app.ts";
import { MAX_BODY_BYTES } from "./api.ts";

const [sqlite] = testDatabases();

/** The pages a form posts to, in each language and unprefixed (the status page's own form posts to subscribe). */
const PAGES = [
  "/en/contact",
  "/de/contact",
  "/contact",
  "/en/status/subscribe",
  "/de/status/subscribe",
  "/en/status/confirm",
  "/de/status/unsubscribe",
];
const FORM = "application/x-www-form-urlencoded";

function multipart(): { type: string; body: string } {
  const boundary = "----boundary7MA4YWxk";
  const part = `Content-Disposition: form-data; name="email"\r\n\r\na@example.org`;
  return { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\n${part}\r\n--${boundary}--\r\n` };
}

/** A body that breaks off: the client went away mid-post. */
const broken = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("email=a%40"));
      controller.error(new Error("connection reset"));
    },
  });

type Refusal = { name: string; headers: Record<string, string>; body: BodyInit; status: number; text: RegExp };

const REFUSALS: Refusal[] = [
  {
    name: "JSON",
    headers: { "content-type": "application/json" },
    body: '{"email":"a@example.org"}',
    status: 415,
    text: /^Unsupported Media Type/,
  },
  {
    name: "multipart",
    headers: { "content-type": multipart().type },
    body: multipart().body,
    status: 415,
    text: /^Unsupported Media Type/,
  },
  {
    name: "multipart without a boundary",
    headers: { "content-type": "multipart/form-data" },
    body: "x",
    status: 415,
    text: /^Unsupported Media Type/,
  },
  { name: "plain text", headers: { "content-type": "text/plain" }, body: "email=a", status: 415, text: /^Unsupp/ },
  { name: "no type", headers: {}, body: "email=a", status: 415, text: /^Unsupported Media Type/ },
  {
    name: "a form in gzip",
    headers: { "content-type": FORM, "content-encoding": "gzip" },
    body: "email=a",
    status: 415,
    text: /^Unsupported Media Type/,
  },
  {
    name: "a form that is not UTF-8",
    headers: { "content-type": FORM },
    body: new Uint8Array([0x65, 0x3d, 0xff, 0xfe, 0xc3]),
    status: 400,
    text: /^Bad Request: the form could not be read$/,
  },
  {
    name: "a form whose body breaks off",
    headers: { "content-type": FORM },
    body: broken(),
    status: 400,
    text: /^Bad Request: the form could not be read$/,
  },
  {
    name: "a form larger than the API takes",
    headers: { "content-type": FORM },
    body: `email=${"a".repeat(MAX_BODY_BYTES)}`,
    status: 413,
    text: /^Request body too large$/,
  },
];

describe("posts to the form pages", () => {
  let cleanup: () => Promise<void>;
  let pages: FormPageBuild;
  let app: ReturnType<typeof createApp>;
  let log: string[];

  beforeEach(async () => {
    const db = await sqlite!.open();
    cleanup = db.cleanup;
    await migrate(db.handle);
    log = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    const services = createServices({
      config: parseConfig({ DATA_DIR: "unused" }),
      database: db.handle,
      logger: pino({ level: "info" }, sink),
    });
    pages = formPageBuild(PAGES);
    app = createApp({ build: pages.build, mode: "test", services });
  });
  afterEach(() => cleanup());

  const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
    app.request(`http://localhost${path}`, {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost", ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  describe.each(PAGES)("%s", (path) => {
    it.each(REFUSALS)("answers $name with $status, runs no action and logs no stack", async (refusal) => {
      const body = refusal.body instanceof ReadableStream ? broken() : refusal.body;
      const response = await post(path, refusal.headers, body);
      expect(response.status).toBe(refusal.status);
      const text = await response.text();
      expect(text).toMatch(refusal.text);
      expect(text.length).toBeLessThan(100);
      expect(pages.actions).toEqual([]);
      const lines = log.map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });
      expect(lines.map(({ msg, status }) => [msg, status])).toEqual([["request", refusal.status]]);
      expect(log.join("")).not.toMatch(/"err"|"stack"|\n\s+at /);
    });

    it("hands a form post to the page, which reads its fields", async () => {
      for (const type of [FORM, "Application/X-WWW-Form-Urlencoded; charset=UTF-8"]) {
        const response = await post(path, { "content-type": type }, "email=j%C3%B6rg%40example.org&website=");
        expect(response.status).toBe(200);
      }
      const fields = { email: "jörg@example.org", website: "" };
      expect(pages.actions).toEqual([
        { path, fields },
        { path, fields },
      ]);
    });
  });

  it("does the same through a socket, as the production listener hands requests on", async () => {
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/en/status/subscribe`;
      const send = (type: string, body: string) =>
        fetch(url, { method: "POST", headers: { "content-type": type }, body });
      const refused = await send("application/json", '{"email":"a@example.org"}');
      expect([refused.status, await refused.text()]).toEqual([415, expect.stringMatching(/^Unsupported Media Type/)]);
      expect((await send(FORM, "email=a%40example.org")).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(pages.actions).toEqual([{ path: "/en/status/subscribe", fields: { email: "a@example.org" } }]);
  });

  it("still refuses a cross-site post first, whatever its type", async () => {
    const response = await app.request("http://localhost/en/contact", {
      method: "POST",
      headers: { host: "localhost", origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(pages.actions).toEqual([]);
  });
});
