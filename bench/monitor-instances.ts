// npm run bench:monitor -- --instances 2 --endpoints 100000 [--cycles 3] [--interval 60] [--shards 16]
// Several production servers on one PostgreSQL database (TEST_DATABASE_URL
// or DATABASE_URL, in a schema of its own, dropped afterwards) sharing the
// simulated fleet by leased shards (MONITOR_SHARDS). Every interval it prints
// each instance's checks, CPU per check and RSS, and the fleet's
// completeness: the share of endpoints checked in that interval and the
// longest gap between two checks of one endpoint so far. The first interval
// is the instances finding their shares. Then the first instance is killed
// (SIGKILL: its leases stay until they run out) and the same is printed
// while the others take its shards over.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { dump } from "js-yaml";
import pg from "pg";
import { startSimulatedFleet } from "#scripts/simulated-fleet.ts";
import { cpuSeconds, fleetConfig, rssMb, startMonitorServer, stopProcess } from "./monitor-fleet.ts";
import { waitForUrl } from "./throughput.ts";

export type InstancesOptions = {
  url: string;
  count: number;
  instances: number;
  shards: number;
  interval: number;
  cycles: number;
  heap: number;
  port: number;
};

/** An instance the bench started: its process and the checks its log says it made. */
type Instance = { name: string; process: ChildProcess; checks: number; cpu: number; seen: number };

function watchChecks(instance: Instance): void {
  let buffered = "";
  instance.process.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line.includes('"monitor cycle done"')) instance.checks += (JSON.parse(line) as { checks: number }).checks;
      // What went wrong is shown, so a figure that looks off can be explained.
      if (/"level":(50|60)/.test(line)) console.error(`${instance.name}: ${line.slice(0, 600)}`);
    }
  });
}

/** The share of endpoints with a result in the last `intervalMs`, and the longest gap between two results of one. */
async function completeness(client: pg.Client, endpoints: number, since: number, intervalMs: number) {
  const now = Date.now();
  const checked = await client.query<{ n: string }>(
    "select count(distinct endpoint_id) as n from monitor_results where checked_at > $1",
    [now - intervalMs],
  );
  const gaps = await client.query<{ gap: string | null }>(
    `select max(gap) as gap from (select checked_at - lag(checked_at)
       over (partition by endpoint_id order by checked_at) as gap from monitor_results where checked_at >= $1) as gaps`,
    [since],
  );
  return { share: Number(checked.rows[0]!.n) / endpoints, maxGapS: Number(gaps.rows[0]!.gap ?? 0) / 1000 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One line per instance and interval: what it checked, at what CPU and memory; and the fleet's completeness. */
async function sample(
  instances: Instance[],
  client: pg.Client,
  options: InstancesOptions,
  label: string,
  since: number,
) {
  const { share, maxGapS } = await completeness(client, options.count, since, options.interval * 1000);
  for (const instance of instances) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) continue;
    const cpu = cpuSeconds(instance.process.pid!);
    const checks = instance.checks - instance.seen;
    const cpuMs = checks > 0 ? ((cpu - instance.cpu) * 1000) / checks : NaN;
    const rss = rssMb(instance.process.pid!);
    console.log(
      `| ${label} | ${instance.name} | ${checks} | ${cpuMs.toFixed(2)} | ${rss.toFixed(0)} | ` +
        `${(share * 100).toFixed(1)} % | ${maxGapS.toFixed(1)} |`,
    );
    instance.cpu = cpu;
    instance.seen = instance.checks;
  }
}

/** A schema of its own on the database, and the URL whose sessions use it. */
async function freshSchema(url: string) {
  const schema = `bench_instances_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query(`set search_path to ${schema}`);
  const scoped = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { client: admin, scoped, drop: () => admin.query(`drop schema if exists ${schema} cascade`) };
}

export async function benchInstances(options: InstancesOptions): Promise<void> {
  const fleet = await startSimulatedFleet({ failureShare: 0.005, degradedShare: 0.02 });
  const dir = mkdtempSync(join(tmpdir(), "bench-instances-"));
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, dump(fleetConfig(options.count, fleet.url, options.interval), { noRefs: true }));
  const schema = await freshSchema(options.url);
  const env = {
    DATABASE_URL: schema.scoped,
    MONITOR_SHARDS: String(options.shards),
    SECRETS_KEY: randomBytes(32).toString("base64"),
  };
  const instances: Instance[] = [];
  try {
    // Started together, as after a deploy: none runs the whole fleet alone while the others boot.
    for (let i = 0; i < options.instances; i += 1) {
      const child = startMonitorServer({ port: options.port + i, dir, configFile, heap: options.heap, env });
      const instance = { name: `instance ${i + 1}`, process: child, checks: 0, cpu: 0, seen: 0 };
      watchChecks(instance);
      instances.push(instance);
    }
    for (const [i, instance] of instances.entries()) {
      await waitForUrl(`http://127.0.0.1:${options.port + i}/healthz`, 120_000);
      instance.cpu = cpuSeconds(instance.process.pid!);
    }
    const since = Date.now() + options.interval * 1000; // the first interval is spent finding the shares
    console.log(
      `\n${options.instances} instances, ${options.count} endpoints every ${options.interval} s, ` +
        `${options.shards} shards, heap cap ${options.heap || "none"}. Gap: longest between two checks of an ` +
        `endpoint since the first interval.\n\n| interval | instance | checks | CPU ms per check | RSS MB | ` +
        `endpoints checked in the interval | longest gap s |\n|---|---|---|---|---|---|---|`,
    );
    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      await pause(options.interval * 1000);
      await sample(instances, schema.client, options, String(cycle), since);
    }
    if (instances.length > 1) {
      instances[0]!.process.kill("SIGKILL");
      console.log(`| killed | ${instances[0]!.name} | | | | | |`);
      for (let cycle = 1; cycle <= 2; cycle += 1) {
        await pause(options.interval * 1000);
        await sample(instances, schema.client, options, `after kill ${cycle}`, since);
      }
    }
  } finally {
    await Promise.all(instances.map((instance) => stopProcess(instance.process)));
    await fleet.stop();
    await schema.drop();
    await schema.client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
