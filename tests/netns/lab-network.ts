// For tests: a small network of places on this machine, so probes can run
// "elsewhere" and lose their network one at a time. The host gets addresses
// of its own on a dummy interface (where the server and the targets listen);
// each place is a network namespace joined to the host by a veth pair with a
// /30 of its own. A place's link can be cut, and one address can be blocked
// inside one place only (an nft rule there; without nft, a blackhole route
// there). Everything is removed afterwards, also on the process's exit, and
// leftovers of a killed run are swept at the next start.
//
// Namespaces need root and iproute2. Without them the network is loopback:
// the host's addresses are 127.0.x.y, a place is a plain process, a cut link
// is that place's processes stopped (SIGSTOP), and blocking an address for one
// place cannot be done (`canBlock` is false).
import { execFileSync, spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync } from "node:fs";

export type LabMode = "namespaces" | "loopback";

export type LabNetwork = {
  mode: LabMode;
  /** Why namespaces were not made (null when they were). */
  fallbackReason: string | null;
  /** The host's addresses, `hostAddresses` of them: the server and the targets listen here. */
  hostAddresses: readonly string[];
  /** Whether one address can be blocked inside one place only. */
  canBlock: boolean;
  /** How blocking is done in this network (nft, blackhole route), for the test's log. */
  blockMethod: "nft" | "blackhole route" | null;
  /** Starts a command inside a place (its own process group, so `stop` ends all it starts). */
  run(place: string, command: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  cut(place: string): void;
  restore(place: string): void;
  block(place: string, address: string): void;
  unblock(place: string, address: string): void;
  /** Ends what `run` started and removes every namespace, link and address; safe to call twice. */
  remove(): Promise<void>;
};

const PREFIX = "mdlab";
const IP = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].find((path) => existsSync(path));
const NFT = ["/usr/sbin/nft", "/sbin/nft", "/usr/bin/nft"].find((path) => existsSync(path));

function ip(...args: string[]): string {
  return execFileSync(IP!, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Removal: each step on its own, so one already gone does not keep the rest. */
function quietly(command: string, args: string[]): void {
  spawnSync(command, args, { stdio: "ignore" });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Namespaces and links of runs whose process is gone (killed before it could clean up). */
function sweepLeftovers(): void {
  for (const line of ip("netns", "list").split("\n")) {
    const match = new RegExp(`^(${PREFIX}-(\\d+)-\\S+)`).exec(line);
    if (match && !alive(Number(match[2]))) quietly(IP!, ["netns", "delete", match[1]!]);
  }
  for (const line of ip("-o", "link", "show").split("\n")) {
    const match = /^\d+: (ml(\d+)-\d+)[@:]/.exec(line);
    if (match && !alive(Number(match[2]))) quietly(IP!, ["link", "delete", match[1]!]);
  }
  for (const line of ip("-4", "-o", "addr", "show", "dev", "lo").split("\n")) {
    const match = /inet (\S+) .*lo:ml(\d+)$/.exec(line.trim());
    if (match && !alive(Number(match[2]))) quietly(IP!, ["addr", "delete", match[1]!, "dev", "lo"]);
  }
}

function namespacesUnavailable(): string | null {
  if (process.platform !== "linux") return `namespaces are Linux's (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return "namespaces need root";
  if (!IP) return "iproute2 (ip) is not installed";
  const probe = `${PREFIX}-${process.pid}-probe`;
  const made = spawnSync(IP, ["netns", "add", probe], { encoding: "utf8" });
  if (made.status !== 0) return `ip netns add failed: ${made.stderr.trim()}`;
  quietly(IP, ["netns", "delete", probe]);
  return null;
}

/** A 10.a.b.0/24 no interface on this machine uses yet, chosen from the process id. */
function freeBlock(): string {
  const used = ip("-4", "-o", "addr", "show");
  for (let step = 0; step < 200; step += 1) {
    const n = (process.pid + step * 7919) % 4096;
    const block = `10.${200 + (n >> 8)}.${n & 255}`;
    if (!used.includes(` ${block}.`)) return block;
  }
  throw new Error("no free 10.x.y.0/24 for the lab network");
}

export function createLabNetwork(options: { places: readonly string[]; hostAddresses: number }): LabNetwork {
  const reason = namespacesUnavailable();
  return reason === null ? namespaceNetwork(options) : loopbackNetwork(options, reason);
}

function trackProcesses() {
  const started = new Map<string, ChildProcess[]>();
  return {
    started,
    add(place: string, child: ChildProcess) {
      started.set(place, [...(started.get(place) ?? []), child]);
      return child;
    },
    signal(place: string, signal: NodeJS.Signals) {
      for (const child of started.get(place) ?? [])
        if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, signal);
    },
    async endAll() {
      const all = [...started.values()].flat().filter((child) => child.exitCode === null && child.signalCode === null);
      await Promise.all(
        all.map(async (child) => {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          process.kill(-child.pid!, "SIGCONT");
          process.kill(-child.pid!, "SIGTERM");
          const late = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 5_000);
          await exited;
          clearTimeout(late);
        }),
      );
      started.clear();
    },
  };
}

function namespaceNetwork({ places, hostAddresses }: { places: readonly string[]; hostAddresses: number }) {
  sweepLeftovers();
  const block = freeBlock();
  const tag = `${PREFIX}-${process.pid}`;
  // The host's addresses sit on loopback under a label of this run (this kernel may lack the dummy device).
  const label = `lo:ml${process.pid}`;
  const nameOf = (place: string) => `${tag}-${place}`;
  const vethOf = (index: number) => `ml${process.pid}-${index}`;
  const indexOf = (place: string) => {
    const index = places.indexOf(place);
    if (index < 0) throw new Error(`no place "${place}" in this lab network (${places.join(", ")})`);
    return index;
  };
  const addresses = Array.from({ length: hostAddresses }, (_, i) => `${block}.${i + 1}`);
  const processes = trackProcesses();
  let removed = false;

  const removeSync = () => {
    if (removed) return;
    removed = true;
    for (const [index, place] of places.entries()) {
      quietly(IP!, ["netns", "delete", nameOf(place)]);
      quietly(IP!, ["link", "delete", vethOf(index)]);
    }
    for (const address of addresses) quietly(IP!, ["addr", "delete", `${address}/32`, "dev", "lo"]);
  };
  process.once("exit", removeSync);

  try {
    for (const address of addresses) ip("addr", "add", `${address}/32`, "dev", "lo", "label", label);
    for (const [index, place] of places.entries()) {
      const ns = nameOf(place);
      const [hostSide, placeSide] = [`${block}.${64 + 4 * index + 1}`, `${block}.${64 + 4 * index + 2}`];
      ip("netns", "add", ns);
      ip("-n", ns, "link", "set", "lo", "up");
      ip("link", "add", vethOf(index), "type", "veth", "peer", "name", "eth0", "netns", ns);
      ip("addr", "add", `${hostSide}/30`, "dev", vethOf(index));
      ip("link", "set", vethOf(index), "up");
      ip("-n", ns, "addr", "add", `${placeSide}/30`, "dev", "eth0");
      ip("-n", ns, "link", "set", "eth0", "up");
      ip("-n", ns, "route", "add", "default", "via", hostSide);
    }
  } catch (error) {
    removeSync();
    throw error;
  }

  const nftTable = (place: string) => ["netns", "exec", nameOf(place), NFT!];
  const network: LabNetwork = {
    mode: "namespaces",
    fallbackReason: null,
    hostAddresses: addresses,
    canBlock: true,
    blockMethod: NFT ? "nft" : "blackhole route",
    run: (place, command, args, spawnOptions = {}) =>
      processes.add(
        place,
        spawn(IP!, ["netns", "exec", nameOf(place), command, ...args], { ...spawnOptions, detached: true }),
      ),
    cut: (place) => void ip("link", "set", vethOf(indexOf(place)), "down"),
    restore: (place) => void ip("link", "set", vethOf(indexOf(place)), "up"),
    block(place, address) {
      indexOf(place);
      if (!NFT) return void ip("-n", nameOf(place), "route", "add", "blackhole", `${address}/32`);
      execFileSync(IP!, [...nftTable(place), "add", "table", "ip", "lab"]);
      execFileSync(IP!, [
        ...nftTable(place),
        "add chain ip lab out { type filter hook output priority 0 ; policy accept ; }",
      ]);
      // Refused at once (as a firewall that rejects would), so a check fails now rather than at its timeout.
      execFileSync(IP!, [...nftTable(place), "add", "rule", "ip", "lab", "out", "ip", "daddr", address, "reject"]);
    },
    unblock(place, address) {
      indexOf(place);
      if (!NFT) return void ip("-n", nameOf(place), "route", "delete", "blackhole", `${address}/32`);
      execFileSync(IP!, [...nftTable(place), "delete", "table", "ip", "lab"]);
    },
    async remove() {
      await processes.endAll();
      removeSync();
      process.removeListener("exit", removeSync);
    },
  };
  return network;
}

function loopbackNetwork(
  { places, hostAddresses }: { places: readonly string[]; hostAddresses: number },
  reason: string,
): LabNetwork {
  const processes = trackProcesses();
  const known = (place: string) => {
    if (!places.includes(place)) throw new Error(`no place "${place}" in this lab network (${places.join(", ")})`);
  };
  const third = 100 + (process.pid % 100);
  return {
    mode: "loopback",
    fallbackReason: reason,
    hostAddresses: Array.from({ length: hostAddresses }, (_, i) => `127.0.${third}.${i + 1}`),
    canBlock: false,
    blockMethod: null,
    run: (place, command, args, spawnOptions = {}) => {
      known(place);
      return processes.add(place, spawn(command, [...args], { ...spawnOptions, detached: true }));
    },
    cut: (place) => processes.signal(place, "SIGSTOP"),
    restore: (place) => processes.signal(place, "SIGCONT"),
    block: () => {
      throw new Error(`blocking an address for one place needs namespaces (${reason})`);
    },
    unblock: () => undefined,
    remove: () => processes.endAll(),
  };
}
