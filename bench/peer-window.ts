// One measured window of a monitor at work on the simulated fleet, the same for ours and a peer's: the CPU its
// process tree used, the checks the fleet received (counted at the fleet, so both monitors' checks are counted the
// same way, whatever each stores), its peak RSS and the machine's load.
import { execFileSync } from "node:child_process";
import { treeCpuSeconds, treeRssMb } from "./process-tree.ts";

export type PeerWindow = {
  seconds: number;
  cpuMs: number;
  checks: number;
  cpuMsPerCheck: number;
  rssMb: number;
  /** `uptime` at the window's end. */
  load: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How often the RSS is read in a window: its peak is reported. */
const RSS_SAMPLE_MS = 5_000;

/**
 * Waits until the fleet has received `checks` more health requests than `from`, or rejects after `timeoutMs`
 * naming `what`; rejects at once when `exited` does (the monitor died).
 */
export async function waitForChecks(options: {
  received: () => number;
  from: number;
  checks: number;
  timeoutMs: number;
  what: string;
  exited: Promise<never>;
}): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const reached = async () => {
    while (options.received() - options.from < options.checks) {
      if (Date.now() > deadline)
        throw new Error(
          `${options.what}: the fleet received ${options.received() - options.from} of the ${options.checks} ` +
            `checks awaited within ${Math.round(options.timeoutMs / 1000)} s`,
        );
      await sleep(500);
    }
  };
  await Promise.race([reached(), options.exited]);
}

/** Lets a monitor run `seconds` more before its window (--settle); rejects at once when `exited` does. */
export async function settle(seconds: number, exited: Promise<never>): Promise<void> {
  if (seconds > 0) await Promise.race([sleep(seconds * 1000), exited]);
}

/** Measures `seconds` of the process `pid` at work; rejects at once when `exited` does. */
export async function measureWindow(options: {
  pid: number;
  received: () => number;
  seconds: number;
  exited: Promise<never>;
}): Promise<PeerWindow> {
  const { pid, received, seconds, exited } = options;
  const cpuBefore = treeCpuSeconds(pid);
  const checksBefore = received();
  let rssMb = treeRssMb(pid);
  const sampling = setInterval(() => (rssMb = Math.max(rssMb, treeRssMb(pid))), RSS_SAMPLE_MS);
  try {
    await Promise.race([sleep(seconds * 1000), exited]);
  } finally {
    clearInterval(sampling);
  }
  const cpuMs = (treeCpuSeconds(pid) - cpuBefore) * 1000;
  const checks = received() - checksBefore;
  if (checks === 0) throw new Error(`no check reached the fleet in the ${seconds} s window`);
  return {
    seconds,
    cpuMs,
    checks,
    cpuMsPerCheck: cpuMs / checks,
    rssMb: Math.max(rssMb, treeRssMb(pid)),
    load: execFileSync("uptime", { encoding: "utf8" }).trim(),
  };
}
