import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeError } from "./error-text.ts";

let closing: Server;
let base = "";
beforeAll(async () => {
  // Accepts, then hangs up without a word: what a dying nginx does.
  closing = createServer((socket) => socket.once("data", () => socket.destroy()));
  await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`;
});
afterAll(() => closing.close());

const failure = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    () => undefined,
    (error: unknown) => error,
  );

it("says in words what fetch's own codes mean, and keeps the system's codes", async () => {
  expect(describeError(await failure(`${base}/nginx_status`))).toBe("the connection was closed before an answer");
  const unused = createServer();
  await new Promise<void>((resolve) => unused.listen(0, "127.0.0.1", resolve));
  const port = (unused.address() as AddressInfo).port;
  await new Promise((resolve) => unused.close(resolve));
  const refused = await failure(`http://127.0.0.1:${port}/`);
  expect(describeError(refused)).toMatch(/^ECONNREFUSED/);
  expect(describeError(await failure(`${base}/`, { signal: AbortSignal.timeout(0) }))).toBe("Timed out");
  expect(describeError("plain")).toBe("plain");
});
