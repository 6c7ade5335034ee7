// A one-way hash of an IP address, so the throttle's table never holds the address itself.
import { createHash } from "node:crypto";

export function hashIp(ip: string): string {
  return createHash("sha256").update(`ip:${ip}`).digest("hex").slice(0, 32);
}
