import { afterAll, describe, expect, it } from "vitest";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";

const fleet = await startSimulatedFleet({ minLatencyMs: 1, maxLatencyMs: 2, failureShare: 0, degradedShare: 0 });
afterAll(() => fleet.stop());

describe("the simulated fleet", () => {
  it("counts the health requests it receives, answered or refused, and not the peers' pages", async () => {
    const before = fleet.checksReceived();
    await fleet.setStopped("svc-2", true);
    const answers = await Promise.all([
      fetch(fleet.url("svc-1", "centron")),
      fetch(fleet.url("svc-1", "local", "spring")),
      fetch(fleet.url("svc-2", "local")),
      fetch(fleet.nginxStatusUrl),
      fetch(fleet.haproxyStatsUrl),
      fetch(fleet.renewalHookUrl, { method: "POST" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 503, 200, 200, 200]);
    expect(await answers[0]!.json()).toMatchObject({ status: "healthy" });
    expect(await answers[1]!.json()).toMatchObject({ status: "UP" });
    expect(await answers[3]!.text()).toContain("Active connections:");
    expect(await answers[4]!.text()).toContain("pxname");
    expect(fleet.checksReceived() - before).toBe(3);
  });

  it("cuts a stopped peer off without counting it", async () => {
    const before = fleet.checksReceived();
    await fleet.setStopped("nginx", true);
    await expect(fetch(fleet.nginxStatusUrl)).rejects.toThrow();
    await fleet.setStopped("nginx", false);
    expect((await fetch(fleet.nginxStatusUrl)).status).toBe(200);
    expect(fleet.checksReceived()).toBe(before);
  });
});
