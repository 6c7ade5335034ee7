// One spelling per client. Limits, pseudonyms and logs key on the address a
// request came from; if "203.0.113.7", "::ffff:203.0.113.7" and
// "::ffff:cb00:7107" were three keys, or the long and short forms of one IPv6
// address two, each spelling would get its own allowance. And one host or
// customer line gets a whole IPv6 /64, so limits key on that network.
import { isIPv4, isIPv6 } from "node:net";

/** What every address that does not parse counts as: one client, not a fresh key each time. */
export const UNPARSEABLE = "unparseable";

/** IPv4 dotted, or IPv6 compressed and lower-cased; IPv4-mapped IPv6 is IPv4; brackets, ports and zones go. */
export function canonicalAddress(raw: string | null | undefined): string {
  let text = (raw ?? "").trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return UNPARSEABLE;
  // The URL parser writes IPv6 the one canonical way (RFC 5952): compressed, lower case.
  const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return host;
}

/** The part of a canonical address limits count by: an IPv4 address itself, an IPv6 address's /64. */
export function clientNetwork(address: string): string {
  if (!address.includes(":")) return address;
  const groups = expandIPv6(address).slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The eight groups of a canonical IPv6 address, each four hex digits. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...middle, ...right].map((group) => group.padStart(4, "0"));
}
