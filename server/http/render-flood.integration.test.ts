// A flood of requests that need a server render must not hold up /healthz
// (nor anything else cheap): renders are admitted a few at a time, a short
// queue waits, and the rest are told to come back later.
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { createApp } from "./app.ts";
import { RENDER_LIMITS } from "./render-limits.ts";

const [sqlite] = testDatabases();
const FLOOD = 60;
/** CPU each fake render takes, blocking the process as a real render does. */
const RENDER_MS = 5;

function busyWait(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function connectAll(port: number, count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, "127.0.0.1", () => resolve(socket));
          socket.on("error", reject);
        }),
    ),
  );
}

/** Everything a socket receives until the server closes it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("close", () => resolve(text));
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

describe("a flood of server renders", () => {
  let server: Server;
  let cleanup: () => Promise<void>;
  let rendered = 0;
  let accepted = 0;
  let renderedWhenHealthAnswered = -1;

  beforeEach(async () => {
    const db = await sqlite!.open();
    const t = await createTestApp(db.handle);
    rendered = 0;
    accepted = 0;
    renderedWhenHealthAnswered = -1;
    // Each "render" holds the process for a moment without a break, as
    // React's renderer does, then fails (there is no page build here): the
    // cost is what counts.
    const build = async (): Promise<ServerBuild> => {
      busyWait(RENDER_MS);
      rendered += 1;
      throw new Error("no pages in this test");
    };
    const app = createApp({ build, mode: "test", services: t.services });
    const listener = getRequestListener(app.fetch);
    server = createServer((req, res) => {
      if (req.url === "/healthz") res.on("finish", () => (renderedWhenHealthAnswered = rendered));
      void listener(req, res);
    });
    server.on("connection", () => (accepted += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanup = async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.cleanup();
    };
  });
  afterEach(() => cleanup());

  it(
    "cannot delay /healthz: it is answered before the queued renders " +
      "run, and the excess is refused with 503 and Retry-After",
    async () => {
      const port = (server.address() as AddressInfo).port;
      const [healthSocket, ...pageSockets] = await connectAll(port, FLOOD + 1);
      // The server has taken every connection, so the flood reaches it in one go.
      await vi.waitFor(() => expect(accepted).toBe(FLOOD + 1));
      const pageAnswers = Promise.all(pageSockets.map(answerOf));
      const healthAnswer = answerOf(healthSocket!);
      // The flood arrives at once, /healthz right behind it.
      pageSockets.forEach((socket, i) => socket.write(get(`/en/made-up-page-${i}?q=${i}`)));
      healthSocket!.write(get("/healthz"));

      const health = await healthAnswer;
      expect(health).toMatch(/^HTTP\/1\.1 200/);
      // Behaviour, not speed: /healthz did not wait for the renders ahead of
      // it, only (at most) for one or two that had started.
      expect(renderedWhenHealthAnswered).toBeGreaterThanOrEqual(0);
      expect(renderedWhenHealthAnswered).toBeLessThanOrEqual(RENDER_LIMITS.concurrency * 2);

      const refused = (await pageAnswers).filter((answer) => answer.startsWith("HTTP/1.1 503"));
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
      // The work a flood causes is bounded: the running renders and the queue, nothing more.
      expect(rendered).toBe(FLOOD - refused.length);
      expect(rendered).toBeLessThanOrEqual(RENDER_LIMITS.concurrency + RENDER_LIMITS.queueLimit);
    },
  );
});
