// Runs the HTTP server in several worker processes (one per core by default,
// WEB_CONCURRENCY to change it), as nginx runs one worker per core. The
// primary only supervises: it restarts a worker that dies after it started
// serving, gives up (exit 1) when one fails to start (a bad setting would
// only fail again), and on SIGTERM or SIGINT asks every worker to finish its
// requests and waits for them.
import cluster from "node:cluster";

/** How long the primary waits for its workers to finish their requests before it exits anyway (plus a second). */
export const SHUTDOWN_GRACE_MS = 10_000;
const WORKER_READY = "worker:ready";

/**
 * V8 heap flags for each worker, unless NODE_OPTIONS or the command line sets
 * its own. Left to itself V8 lets garbage grow a worker's heap far past
 * what it holds (a flood of renders took one from 150 to 350 MB); a worker's
 * live heap is about 50 MB (75 MB with a 10,000-endpoint fleet), so 128 MB of
 * old space is room enough, and a 2 MB young generation keeps the idle
 * process small at a small cost in speed (decision 022).
 * Allocation-site pretenuring is off: a first round of hundreds of checks in
 * flight at once kept the HTTP stack's objects alive long enough for V8 to
 * start allocating them straight into old space, for good. From then on every
 * request's garbage went there: one worker promoted 110-180 MB per 5 s under
 * load instead of 2, collected old space four times a second, and served every
 * page about a fifth slower (decision 037).
 */
export const WORKER_HEAP_FLAGS = [
  "--max-old-space-size=128",
  "--max-semi-space-size=2",
  "--no-allocation-site-pretenuring",
];

/** A V8 flag's name however spelled: `--max_semi_space_size=8` is `--max-semi-space-size`, `--no-x` is `--x`. */
const flagName = (flag: string) =>
  flag
    .split("=")[0]!
    .replace(/_/g, "-")
    .replace(/^--no-/, "--");

/** The worker's Node flags: the primary's own, plus each heap flag nobody set either way. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return [...execArgv, ...WORKER_HEAP_FLAGS.filter((flag) => !given.has(flagName(flag)))];
}

/**
 * glibc's malloc, as each worker gets it (an operator's own setting of any of
 * these wins). It gives each thread that allocates its own arena and rarely
 * hands their pages back: the compression and crypto work of libuv's threads
 * left each worker holding tens of MB it no longer used; two arenas are
 * enough for a worker's few threads. And it raises its threshold for mapping
 * a large block of its own each time such a block is freed, after which large
 * blocks come from the main heap and their pages stay with the process when
 * freed: a fixed 128 KiB threshold, and trimming past 128 KiB, give them back
 * (decision 022).
 */
export const WORKER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/**
 * How connections reach the workers. Node's default on Linux has the primary
 * accept every connection and hand it to a worker over IPC, one at a time
 * per worker, each waiting for the worker's answer: 4,000 connections opened
 * by one client held everybody else's for up to a second before any worker
 * could close them. So the workers accept from the shared socket themselves
 * (SCHED_NONE), and libuv takes one connection per turn (UV_TCP_SINGLE_ACCEPT),
 * so a burst is shared between the workers rather than taken by the first
 * awake. Measured (bench:server, decision 028): as fast as before on pages
 * from memory, and a flood no longer delays others (attack-surfaces.spec.ts).
 */
export const WORKER_ACCEPT_ENV: Readonly<Record<string, string>> = { UV_TCP_SINGLE_ACCEPT: "1" };

export function workerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...WORKER_MALLOC_ENV, ...WORKER_ACCEPT_ENV }).filter(([name]) => env[name] === undefined),
  );
}

/** A worker calls this once it listens. */
export function reportWorkerReady(): void {
  if (cluster.isWorker) process.send?.({ type: WORKER_READY });
}

export function runClustered(
  workers: number,
  startWorker: () => Promise<void>,
  startPrimary: () => void,
): Promise<void> {
  if (workers <= 1 || !cluster.isPrimary) return startWorker();
  startPrimary();
  // An operator's own NODE_CLUSTER_SCHED_POLICY wins.
  if (process.env.NODE_CLUSTER_SCHED_POLICY === undefined) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });

  let stopping = false;
  const serving = new Set<number>();
  const env = workerEnv(process.env);
  for (let i = 0; i < workers; i += 1) cluster.fork(env);
  cluster.on("message", (worker, message: { type?: string }) => {
    if (message?.type === WORKER_READY) serving.add(worker.id);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!serving.has(worker.id)) {
      console.error(
        JSON.stringify({ level: "error", msg: "a worker failed to start; stopping", pid: worker.process.pid, code }),
      );
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      return;
    }
    serving.delete(worker.id);
    console.error(
      JSON.stringify({ level: "error", msg: "worker exited, restarting", pid: worker.process.pid, code, signal }),
    );
    cluster.fork(env);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1_000);
    const check = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearTimeout(timer);
        process.exit(0);
      }
    };
    cluster.on("exit", check);
    check();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return Promise.resolve();
}
