// Alerts judged over time, for `npm run bench:alerts`: on a fake clock through
// the real engine, tracker and outbox (the harness of the outage tests), on
// a temporary SQLite database per run.
// 4. Recovery to resolution: outages of 1 to 120 minutes at a 60 s interval,
//    starting and ending at two phases of the round, with successThreshold 1
//    and 2; the longest time from the recovery to the incident's resolution,
//    beside the target of successThreshold + 1 intervals.
// 5. One host carrying 20 services fails: notices per channel with the
//    services' dependsOn declared, beside the same fleet without it.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { startOutageSimulation } from "#tests/support/outage-simulation.ts";

const INTERVAL_S = 60;
const MINUTES = [1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120];
/**
 * Seconds after a round when the host fails and recovers: just after one (the next check is a whole interval away) and
 * mid-way.
 */
const PHASES = [5, 30];
const CHILDREN = 20;

async function withDatabase<T>(
  dir: string,
  name: string,
  work: (handle: ReturnType<typeof openDatabase>) => Promise<T>,
): Promise<T> {
  const handle = openDatabase({ dataDir: join(dir, name) });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Seconds from the recovery to the incident's resolution, for one outage. */
async function resolutionDelay(
  dir: string,
  run: string,
  minutes: number,
  phase: number,
  successThreshold: number,
): Promise<number> {
  return withDatabase(dir, run, async (handle) => {
    const yaml = `alerts: { to: ops@example.com }
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 5000, retries: 2, successThreshold: ${successThreshold} }
services:
  - { id: relay, name: Relay, hosts: { centron: { url: "http://centron.relay.test/health" } } }
`;
    const sim = await startOutageSimulation(handle, yaml, { tickSeconds: 5 });
    const downAt = INTERVAL_S + phase;
    await sim.runTo(downAt - 1);
    sim.down.add("relay/centron");
    const recovery = downAt + minutes * 60;
    await sim.runTo(recovery - 1);
    sim.down.clear();
    const { db } = sim.t.services.database;
    let resolvedAt: number | null = null;
    await sim.runTo(recovery + (successThreshold + 3) * INTERVAL_S, async () => {
      if (resolvedAt !== null) return;
      const row = await db
        .selectFrom("incidents")
        .select("resolved_at")
        .where("resolved_at", "is not", null)
        .executeTakeFirst();
      if (row) resolvedAt = sim.seconds();
    });
    if (resolvedAt === null) return Infinity;
    return resolvedAt - recovery;
  });
}

/** Opening notices per channel when the host and its 20 services fail together, with or without their dependsOn. */
async function noticesPerChannel(dir: string, run: string, withDependencies: boolean): Promise<number> {
  return withDatabase(dir, run, async (handle) => {
    const children = Array.from({ length: CHILDREN }, (_, i) => {
      const depends = withDependencies ? ", dependsOn: [dc]" : "";
      return (
        `  - { id: svc-${i}, name: Service ${i}, hosts: { centron: { url: ` +
        `"http://centron.svc-${i}.test/health"${depends} } } }`
      );
    });
    const yaml = `alerts: { to: ops@example.com, cooldownMinutes: 5, reminderMinutes: 0 }
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 5000, retries: 0, staggerSeconds: 0 }
services:
  - { id: dc, name: Host, profile: infrastructure, hosts: { centron: { tcp: "centron.dc.test:22" } } }
${children.join("\n")}
`;
    const sim = await startOutageSimulation(handle, yaml, { tickSeconds: 5 });
    await sim.runTo(64);
    sim.down.add("dc/centron");
    for (let i = 0; i < CHILDREN; i += 1) sim.down.add(`svc-${i}/centron`);
    await sim.runTo(65 + 10 * 60);
    return (await sim.notices("email")).filter((title) => title.startsWith("[ALERT]")).length;
  });
}

export async function measureOverTime(parent: string): Promise<void> {
  const dir = mkdtempSync(join(parent, "over-time-"));
  try {
    console.log(
      `\nRecovery to resolution, outages of ${MINUTES[0]} to ${MINUTES.at(-1)} minutes at a ${INTERVAL_S} s ` +
        `interval, failing and recovering ${PHASES.join(" and ")} s after a round (fake clock, real engine):`,
    );
    for (const successThreshold of [1, 2]) {
      const delays: { minutes: number; seconds: number }[] = [];
      let run = 0;
      for (const minutes of MINUTES) {
        for (const phase of PHASES)
          delays.push({
            minutes,
            seconds: await resolutionDelay(
              dir,
              `resolve-${successThreshold}-${run++}`,
              minutes,
              phase,
              successThreshold,
            ),
          });
      }
      const worst = delays.reduce((a, b) => (b.seconds > a.seconds ? b : a));
      const target = (successThreshold + 1) * INTERVAL_S;
      console.log(
        `  successThreshold ${successThreshold}: longest ${worst.seconds} s (after a ${worst.minutes}-minute ` +
          `outage), target at most ${target} s, ratio ${(worst.seconds / target).toFixed(2)}`,
      );
    }
    const withDependsOn = await noticesPerChannel(dir, "with", true);
    const without = await noticesPerChannel(dir, "without", false);
    console.log(
      `\nOne host carrying ${CHILDREN} services fails (all ${CHILDREN + 1} targets at once, 10 minutes, ` +
        `reminders off): opening notices per channel`,
    );
    console.log(`  with dependsOn        ${String(withDependsOn).padStart(4)}   (target 1)`);
    console.log(`  without (reference)   ${String(without).padStart(4)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
