// A probe's round against loopback: the location's own network judged by its
// reference target; offline, the round's failures are not kept (the network
// failed, not the targets), its successes are; online, everything is.
import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetSchema } from "#server/monitor/checks/check-types.ts";
import { limiter } from "#server/scheduling/limiter.ts";
import { runRound, type ReadyCheck, type RoundContext } from "./probe-round.ts";

let listener: Server;
let up = 0;
let down = 0;

beforeAll(async () => {
  listener = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  up = (listener.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  down = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => listener.close(resolve)));

const ready = (key: string, port: number): ReadyCheck => ({
  key,
  target: targetSchema.parse({ tcp: `127.0.0.1:${port}` }),
  intervalSeconds: 60,
  timeoutMs: 1000,
  retries: 0,
});
const context = (reference?: number): RoundContext => ({
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  limited: limiter(2),
  connectivity: reference === undefined ? undefined : ready("connectivity", reference),
});

describe("a probe's round", () => {
  it("keeps every result, failures too, when its network is up or it has no reference", async () => {
    for (const reference of [up, undefined]) {
      const round = await runRound(context(reference), [ready("a/up", up), ready("a/down", down)], Date.now(), [0, 0]);
      expect(round.results.map((result) => [result.key, result.status])).toEqual([
        ["a/up", "healthy"],
        ["a/down", "unhealthy"],
      ]);
      expect(round.results[1]!.errorMessage).toBe("ECONNREFUSED");
      expect(round.connectivity.online).toBe(true);
      expect(round.connectivity.checkedAt === null).toBe(reference === undefined);
    }
  });

  it("sends no failure of a round when its own network is down, and says so", async () => {
    const round = await runRound(context(down), [ready("a/up", up), ready("a/down", down)], Date.now(), [0, 10]);
    expect(round.results.map((result) => result.key)).toEqual(["a/up"]);
    expect(round.connectivity).toMatchObject({ online: false, error: "ECONNREFUSED" });
  });

  it("starts each check at its place in the spread", async () => {
    const started = Date.now();
    const round = await runRound(context(), [ready("a/1", up), ready("a/2", up)], started, [0, 300]);
    expect(round.results[1]!.checkedAt - started).toBeGreaterThanOrEqual(290);
  });
});
