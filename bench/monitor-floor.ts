// The floor a check's CPU is measured against, in the same run: what a C
// client spends on one request over a fresh connection. wrk (one thread, 20
// connections, `Connection: close`, so it connects anew for every request,
// as a check does) asks Debian's nginx for a small health body on loopback;
// its CPU is read from what the kernel counts for the children this process
// has waited for, before and after wrk runs (nothing else is reaped while it
// runs: the call blocks), so the figure is wrk's own, not nginx's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLOCK_TICKS } from "./monitor-fleet.ts";
import { runWrk, startNginx, waitForUrl } from "./throughput.ts";

const SECONDS = 5;
const CONNECTIONS = 20;

export type Floor = { cpuMsPerRequest: number; requests: number; requestsPerSecond: number };

/** CPU seconds of the children this process has waited for (user and system), from /proc/self/stat. */
function reapedChildrenCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** A port free on loopback now (other benches may be running beside this one on fixed ports). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** wrk's CPU per request against nginx, each request on a fresh connection; undefined (and why) without wrk. */
export async function measureFloor(): Promise<Floor | { missing: string }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  let nginx: { stop: () => void } | undefined;
  try {
    const body = join(dir, "health.json");
    writeFileSync(body, JSON.stringify({ status: "healthy", uptime: 1000 }));
    const port = await freePort();
    nginx = startNginx([{ file: body, urlPath: "/health" }], port, 1);
    const url = `http://127.0.0.1:${port}/health`;
    await waitForUrl(url);
    runWrk(url, 1, undefined, ["Connection: close"], undefined, CONNECTIONS); // warm up
    const before = reapedChildrenCpuSeconds();
    const result = runWrk(url, SECONDS, undefined, ["Connection: close"], undefined, CONNECTIONS);
    const cpu = reapedChildrenCpuSeconds() - before;
    if (result.requests === 0) throw new Error("wrk made no request to nginx");
    return { cpuMsPerRequest: (cpu * 1000) / result.requests, ...result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/wrk is missing|nginx is missing/.test(message)) return { missing: `${message} (to measure the floor)` };
    throw error;
  } finally {
    nginx?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
