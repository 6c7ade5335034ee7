// Where a request to a URL of someone else's choosing (a webhook an owner
// adds) may connect. Not to this server or its neighbours: loopback,
// link-local, private, shared (CGNAT), unspecified, multicast and reserved
// addresses, and the addresses of this machine's own interfaces, in every
// spelling (IPv4-mapped, NAT64 and 6to4 IPv6 carry an IPv4 address that
// counts). A configuration that needs receivers on the private network may
// allow them; cloud metadata services stay refused even then: no receiver
// lives there, and their answers hold credentials.
//
// The check is made on the addresses the connection is made to: a name is
// resolved once by the lookup given to the socket, which refuses before
// connecting, so a name that resolves elsewhere the second time (DNS
// rebinding) gains nothing.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP, isIPv4, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";

export type TargetPolicy = {
  /** Loopback, private and link-local addresses and this machine's own (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
};

/** Refused before a connection: its message names the address and why, never more of the URL. */
export class RefusedTarget extends Error {
  override name = "RefusedTarget";
  readonly code = "EREFUSEDTARGET";
  constructor(address: string, reason: string) {
    super(`${address} is ${reason}: not a webhook's target`);
  }
}

/** Cloud metadata services (AWS, ECS, GCP, Azure, Oracle, Alibaba): refused whatever the policy. */
const METADATA = new Set(["169.254.169.254", "169.254.170.2", "192.0.0.192", "100.100.100.200", "fd00:ec2::254"]);

function blockList(subnets: readonly string[]): BlockList {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split("/") as [string, string];
    list.addSubnet(network, Number(prefix), isIPv4(network) ? "ipv4" : "ipv6");
  }
  return list;
}

/** Each kind of address refused unless allowed, as a reason names it; the first that matches names it. */
const KINDS: { reason: string; list: BlockList }[] = [
  { reason: "an unspecified address", list: blockList(["0.0.0.0/8", "::/128"]) },
  { reason: "a loopback address", list: blockList(["127.0.0.0/8", "::1/128"]) },
  { reason: "a link-local address", list: blockList(["169.254.0.0/16", "fe80::/10"]) },
  {
    reason: "a private address",
    list: blockList(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7", "fec0::/10"]),
  },
  {
    reason: "a reserved address",
    list: blockList(["192.0.0.0/24", "198.18.0.0/15", "224.0.0.0/4", "240.0.0.0/4", "ff00::/8", "100::/64"]),
  },
];

/** The IPv4 address an IPv6 one carries: IPv4-mapped or -compatible (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function carriedIPv4(address: string): string | undefined {
  const groups = expandIPv6(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  const quad = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return quad(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return quad(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return quad(groups[1]!, groups[2]!);
  return undefined;
}

/** The eight groups of an IPv6 address in the URL parser's canonical form (no dotted tail). */
function expandIPv6(address: string): number[] {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

function kindOf(address: string): string | null {
  const family = isIPv4(address) ? "ipv4" : "ipv6";
  return KINDS.find(({ list }) => list.check(address, family))?.reason ?? null;
}

/** This machine's own addresses, read each time: interfaces come and go. */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry?.address.replace(/%.*$/, "") ?? ""),
  );
}

/** Why a connection to this IP address is refused under the policy ("loopback", ...), or null when it may go. */
export function refusedAddress(address: string, policy: TargetPolicy): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIP(bare)) return "not an IP address";
  const carried = isIPv4(bare) ? undefined : carriedIPv4(bare);
  const canonical = isIPv4(bare) ? bare : new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  if (METADATA.has(canonical) || (carried !== undefined && METADATA.has(carried))) return "a cloud metadata address";
  if (policy.allowPrivate) return null;
  const kind = kindOf(bare) ?? (carried === undefined ? null : kindOf(carried));
  if (kind) return kind;
  const own = ownAddresses();
  return own.has(canonical) || (carried !== undefined && own.has(carried)) ? "this server's own address" : null;
}

/**
 * Why a URL's host is refused before anything is resolved: an IP address, or "localhost" and its subdomains (which
 * name loopback by definition, RFC 6761); null for any other name, which is checked when it is resolved.
 */
export function refusedHost(hostname: string, policy: TargetPolicy): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.$/, "");
  if (isIP(host)) return refusedAddress(host, policy);
  if (!policy.allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) return "a loopback name";
  return null;
}

/** Every address of a name (the system's resolver by default, as sockets use it). */
export type Resolve = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolve = (hostname, options, callback) => dnsLookup(hostname, { ...options, all: true }, callback);

/**
 * A socket's lookup that resolves as usual and fails with RefusedTarget when any address the name has is refused: a
 * name that also points inside is not a receiver's, and the socket connects only to what this returned.
 */
export function guardedLookup(policy: TargetPolicy, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, "", 0);
      for (const { address } of addresses) {
        const reason = refusedAddress(address, policy);
        if (reason) return callback(new RefusedTarget(`${hostname} (${address})`, reason), "", 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
