// npm run bench:alerts -- [--endpoints 10000] [--flap 0.05] [--cycles 6] [--steady 3] [--notices N] [--postgres URL]
// The alerting path, in process, on a temporary SQLite database (and on
// PostgreSQL too with --postgres URL or TEST_DATABASE_URL, in a schema of its
// own that is dropped afterwards):
// 1. Decision time: one cycle's observations (one per endpoint) handed to the
//    incident tracker (observe, then retire), on a fake clock 60 s per cycle.
//    A share of the endpoints flaps (failing, ok, failing, ...) so that, with
//    no cooldown, every cycle opens or resolves that many incidents and queues
//    their notices; the rest stay ok. Then the steady state, where nothing
//    changes: the floor the flapping cycles are read against.
// 2. Rows written per cycle (SQLite's total_changes()): a steady fleet should
//    write nothing. Not counted on PostgreSQL: its statistics are per backend
//    and flushed late, so a per-cycle count from a pool would be a guess.
// 3. Notices per second from the outbox to a webhook receiver on loopback,
//    beside a bare sequential fetch loop posting the same bodies to the same
//    receiver. A channel delivers one notice at a time, in order, by design,
//    so one loopback round trip after another is the floor of that lane; the
//    ratio is what the outbox adds per notice (the lease, the durable "sent"
//    commit, the channel's headers and deadline).
// 4 and 5 (bench/alerts-over-time.ts): the longest time from a recovery to
//    its resolution over outages of 1 to 120 minutes, and the notices per
//    channel when one host carrying 20 services fails (with dependsOn and
//    without), on a fake clock through the real engine.
// Figures need an idle machine: the load average is printed first.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { dump } from "js-yaml";
import { createAlerting } from "#server/alerting/alerting.ts";
import type { Observation } from "#server/alerting/incident-tracker.ts";
import { createNotifier } from "#server/alerting/notifier.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { createLeases } from "#server/db/leases.ts";
import { migrate } from "#server/db/migrate.ts";
import { configuredKeys, hostObservation } from "#server/monitor/service-targets.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { createDelivery } from "#server/outbox/delivery.ts";
import { createOutbox } from "#server/outbox/outbox.ts";
import { startHttpReceiver } from "#tests/peers/http-receiver.ts";
import { measureOverTime } from "./alerts-over-time.ts";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  const index = args.indexOf(`--${name}`);
  return inline ? inline.slice(name.length + 3) : index >= 0 ? args[index + 1] : undefined;
};
const number = (name: string, fallback: number) => {
  const value = option(name);
  return value ? Number(value) : fallback;
};
const endpoints = number("endpoints", 10_000);
const flapShare = number("flap", 0.05);
// Even, so that the fleet is all ok again when the steady state begins.
const flapCycles = 2 * Math.ceil(number("cycles", 6) / 2);
const steadyCycles = number("steady", 3);
const postgresUrl = option("postgres") ?? process.env.TEST_DATABASE_URL;
const CYCLE_MS = 60_000;
const WARM_UP_POSTS = 50;

const load = loadavg();
console.log(`Load average ${load.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min) on ${cpus().length} cores.`);
if (load[0]! > 1)
  console.log(
    "WARNING: the 1-minute load is above 1: the machine is busy and the " +
      "figures below are pessimistic. Run again when it is idle.",
  );

const receiver = await startHttpReceiver();
const hookUrl = `${receiver.url}/hook`;
const services = Array.from({ length: Math.ceil(endpoints / 2) }, (_, i) => ({
  id: `svc-${i}`,
  name: `Service ${i}`,
  hosts: {
    centron: { url: `https://svc-${i}.example.net/health` },
    ...(2 * i + 1 < endpoints ? { local: { url: `http://svc-${i}.local.example.net/health` } } : {}),
  },
}));
// Cooldown 0 and no reminders: every flap is told, and only flaps are.
const alerts = { cooldownMinutes: 0, reminderMinutes: 0, channels: [{ type: "webhook", name: "hook", url: hookUrl }] };
const defaults = { failureThreshold: 1, successThreshold: 1 };
const config = parseMonitoringConfig(dump({ alerts, defaults, services }), {});

/** Endpoint e is host e % 2 of service e / 2; the flapping ones are spread evenly (every 20th at 5 %). */
const targets = Array.from({ length: endpoints }, (_, e) => ({
  service: config.services[e >> 1]!,
  host: e % 2 === 0 ? "centron" : "local",
  flaps: Math.floor((e + 1) * flapShare) > Math.floor(e * flapShare),
}));
const flapping = targets.filter((target) => target.flaps).length;
const cycleOf = (failing: boolean): Observation[] =>
  targets.map(({ service, host, flaps }) =>
    hostObservation(
      service,
      config.defaults,
      host,
      failing && flaps
        ? { status: "unhealthy", errorMessage: "HTTP 503 Service Unavailable" }
        : { status: "healthy", errorMessage: null },
    ),
  );
const allOk = cycleOf(false);
const someFailing = cycleOf(true);
const live = configuredKeys(config.services);

type Step = { what: string; kind: "warm-up" | "flapping" | "steady"; observations: Observation[] };
const plan: Step[] = [
  { what: "warm-up, all ok (loads the tracker's memory)", kind: "warm-up", observations: allOk },
  ...Array.from({ length: flapCycles }, (_, i): Step =>
    i % 2 === 0
      ? { what: `flapping: ${flapping} fail`, kind: "flapping", observations: someFailing }
      : { what: `flapping: ${flapping} ok again`, kind: "flapping", observations: allOk },
  ),
  ...Array.from({ length: steadyCycles }, (): Step => ({
    what: "steady: all ok, nothing changes",
    kind: "steady",
    observations: allOk,
  })),
];
type Measured = { ms: number; rows: number | null; queued: number };

console.log(
  `\nConfiguration: ${endpoints} endpoints (${services.length} services x centron + local), ${flapping} of ` +
    `them flapping (--flap ${flapShare}), ` +
    `failure/success threshold 1/1, cooldown 0 min, reminders off, one webhook channel on loopback; ` +
    `${flapCycles} flapping cycles and ${steadyCycles} steady ones, 60 s apart on a fake clock; SQLite in ` +
    `WAL with synchronous=FULL, as the server runs it.`,
);

/**
 * Runs the plan through a fresh tracker on this database: per step, its wall time, rows written and outbox rows queued.
 */
async function decide(handle: DatabaseHandle): Promise<Measured[]> {
  await migrate(handle);
  const { db } = handle;
  let clock = Date.parse("2025-01-06T08:00:00Z");
  const now = () => clock;
  // No kick: nothing is delivered while decisions are timed (part 3 delivers).
  const alerting = createAlerting({
    db,
    outbox: createOutbox(db, now),
    leases: createLeases(db, now),
    now,
    logger: pino({ level: "silent" }),
    config: () => config,
    dashboardUrl: "https://ops.example.net/dashboard",
    sendMail: undefined,
    kick: () => undefined,
  });
  const tracker = alerting.tracker(["service"]);
  // Kysely's SQLite dialect has one connection, so its total_changes() is every row we wrote.
  const changes = async () =>
    handle.dialect === "sqlite" ? (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n : null;
  const measured: Measured[] = [];
  for (const step of plan) {
    clock += CYCLE_MS;
    const before = await changes();
    const started = performance.now();
    let queued = await tracker.observe(step.observations);
    queued += await tracker.retire("service", live);
    const ms = performance.now() - started;
    const after = await changes();
    measured.push({ ms, rows: before === null || after === null ? null : after - before, queued });
  }
  return measured;
}

/** Runs work on PostgreSQL in a schema of its own, dropped afterwards whatever happens. */
async function inFreshSchema<T>(url: string, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const schema = `bench_alerts_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const handle = openDatabase({ databaseUrl: url, dataDir: "", searchPath: schema });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

const mean = (list: readonly number[]) => (list.length === 0 ? NaN : list.reduce((sum, n) => sum + n, 0) / list.length);
const fixed = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits);
const format = (n: number) => Math.round(n).toLocaleString("en");

const dir = mkdtempSync(join(tmpdir(), "bench-alerts-"));
try {
  // --- 1 and 2: decisions and rows written ---
  const sqlite = openDatabase({ dataDir: join(dir, "decisions") });
  const onSqlite = await decide(sqlite);
  const produced = await sqlite.db.selectFrom("outbox").select("payload").orderBy("id").execute();
  await sqlite.close();
  const onPostgres = postgresUrl ? await inFreshSchema(postgresUrl, decide) : undefined;

  console.log(
    `\n| # | cycle | SQLite ms | rows written | notices queued ` +
      `|${onPostgres ? " PostgreSQL ms |" : ""}\n|---|---|---|---|---|${onPostgres ? "---|" : ""}`,
  );
  plan.forEach((step, i) => {
    const row = onSqlite[i]!;
    console.log(
      `| ${i} | ${step.what} | ${fixed(row.ms)} | ${row.rows} | ${row.queued} |` +
        (onPostgres ? ` ${fixed(onPostgres[i]!.ms)} |` : ""),
    );
  });
  const of = (measured: readonly Measured[], kind: Step["kind"]) => measured.filter((_, i) => plan[i]!.kind === kind);
  const summary = (name: string, measured: readonly Measured[]) =>
    console.log(
      `  ${name.padEnd(10)} flapping ${fixed(mean(of(measured, "flapping").map((m) => m.ms))).padStart(8)} ` +
        `ms   steady ${fixed(mean(of(measured, "steady").map((m) => m.ms)), 2).padStart(8)} ms`,
    );
  console.log(`\nMean decision time per cycle of ${endpoints} observations (observe + retire):`);
  summary("SQLite", onSqlite);
  if (onPostgres) summary("PostgreSQL", onPostgres);
  const rows = (kind: Step["kind"]) => fixed(mean(of(onSqlite, kind).map((m) => m.rows ?? NaN)), 0);
  console.log(
    `Rows written per cycle on SQLite: flapping ${rows("flapping")}, steady state ` +
      `${rows("steady")}${onPostgres ? " (not counted on PostgreSQL, see the header)" : ""}.`,
  );

  // --- 3: delivery through the outbox beside a bare fetch loop ---
  if (produced.length === 0) throw new Error("the flapping cycles queued no notice: raise --flap");
  const count = number("notices", produced.length);
  const payloads = Array.from(
    { length: count },
    (_, i) => JSON.parse(produced[i % produced.length]!.payload) as unknown,
  );
  // A database of its own and the real clock: the outbox's leases and retries compare now().
  const delivering = openDatabase({ dataDir: join(dir, "delivery") });
  try {
    await migrate(delivering);
    const outbox = createOutbox(delivering.db, Date.now);
    await delivering.db.transaction().execute(async (trx) => {
      for (const [i, payload] of payloads.entries())
        await outbox.enqueue(trx, { kind: "alert", channel: "alert:hook", payload, key: `bench-${i}.hook` });
    });
    // The receiver is on loopback: the webhook goes there only when private targets are allowed.
    const notifier = createNotifier({
      outbox,
      config: () => config.alerts,
      sendMail: undefined,
      allowPrivateTargets: true,
    });
    const delivery = createDelivery({ outbox, senderFor: notifier.senderFor, logger: pino({ level: "silent" }) });
    const bodies = payloads.map((payload) => JSON.stringify(payload));
    const post = async (body: string) => {
      const response = await fetch(hookUrl, { method: "POST", body, headers: { "Content-Type": "application/json" } });
      await response.text();
    };
    // Warms the receiver and fetch's pool; the outbox's webhook opens a checked connection per notice.
    for (const body of bodies.slice(0, WARM_UP_POSTS)) await post(body);

    receiver.reset();
    let started = performance.now();
    await delivery.runOnce(); // one round drains the lane when every send succeeds
    const outboxRate = count / ((performance.now() - started) / 1000);
    const pending = await outbox.pendingChannels();
    if (pending.length > 0 || receiver.received.length !== count)
      throw new Error(`the outbox delivered ${receiver.received.length} of ${count} notices`);

    receiver.reset();
    started = performance.now();
    for (const body of bodies) await post(body);
    const bareRate = count / ((performance.now() - started) / 1000);

    const size = mean(bodies.map((body) => body.length));
    console.log(
      `\n${count} notices (webhook JSON, ${format(size)} bytes on average) to a receiver on loopback, one ` +
        `channel, in order, one at a time:`,
    );
    console.log(`  outbox (createDelivery + webhook)  ${format(outboxRate).padStart(8)} notices/s`);
    console.log(`  bare fetch loop (reference)        ${format(bareRate).padStart(8)} notices/s`);
    console.log(`  ratio outbox / bare                ${(outboxRate / bareRate).toFixed(2).padStart(8)}`);
  } finally {
    await delivering.close();
  }

  // --- 4 and 5: over time ---
  await measureOverTime(dir);
} finally {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
