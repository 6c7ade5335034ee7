// What the throttles store instead of an IP address: an HMAC keyed with a
// server secret. A plain hash of an IPv4 address is reversed by hashing all
// 2^32 of them in minutes; without the key nobody can try.
import { createHmac } from "node:crypto";

export function ipPseudonym(key: Buffer, ip: string): string {
  return createHmac("sha256", key).update(ip).digest("hex").slice(0, 32);
}
