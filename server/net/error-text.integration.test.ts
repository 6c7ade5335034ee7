import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeError } from "./error-text.ts";
import { httpGet } from "./http-get.ts";

let closing: Server;
let silent: Server;
let base = "";
let silentBase = "";
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
beforeAll(async () => {
  // Accepts, then hangs up without a word: what a dying nginx does.
  closing = createServer((socket) => socket.once("data", () => socket.destroy()));
  base = await listen(closing);
  // Accepts and never answers, so only the caller's own deadline can end the request
  // (a peer that hangs up could win the race on a busy machine).
  silent = createServer(() => {});
  silentBase = await listen(silent);
});
afterAll(() => {
  closing.close();
  silent.close();
});

const failure = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    () => undefined,
    (error: unknown) => error,
  );

const unusedPort = async () => {
  const unused = createServer();
  await new Promise<void>((resolve) => unused.listen(0, "127.0.0.1", resolve));
  const port = (unused.address() as AddressInfo).port;
  await new Promise((resolve) => unused.close(resolve));
  return port;
};

it("says in words what fetch's own codes mean, and keeps the system's codes", async () => {
  expect(describeError(await failure(`${base}/nginx_status`))).toBe("the connection was closed before an answer");
  const refused = await failure(`http://127.0.0.1:${await unusedPort()}/`);
  expect(describeError(refused)).toMatch(/^ECONNREFUSED/);
  expect(describeError(await failure(`${silentBase}/`, { signal: AbortSignal.timeout(50) }))).toBe("Timed out");
  expect(describeError("plain")).toBe("plain");
});

it("says node:http's failures as it says fetch's", async () => {
  const get = (url: string, timeoutMs = 5_000) =>
    httpGet({ url: new URL(url), headers: {}, timeoutMs, maxBodyBytes: 1024 }).then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(describeError(await get(`${base}/nginx_status`))).toBe("the connection was closed before an answer");
  expect(describeError(await get(`http://127.0.0.1:${await unusedPort()}/`))).toBe("ECONNREFUSED");
  expect(describeError(await get(`${silentBase}/`, 50))).toBe("Timed out");
});
