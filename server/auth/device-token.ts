// OWASP's "device cookie": a browser that signed in to an account gets a
// signed token naming that account and a random device id. On its next
// sign-in it is a trusted client, limited only by its own failures, so an
// attacker's guesses from elsewhere can never lock the real admin out.
// The token holds no secret of the account: stolen, it only moves the thief
// from the shared limits to a limit of their own.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a browser stays trusted after its last sign-in. */
export const DEVICE_TOKEN_MAX_AGE_MS = 180 * 24 * 60 * 60_000;

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

export function createDeviceTokens(key: Buffer, now: () => number = Date.now) {
  const sign = (payload: string) =>
    createHmac("sha256", key).update(`device.v1.${payload}`).digest().subarray(0, 18).toString("base64url");

  return {
    /** A fresh token for this account on this browser. */
    issue(account: string): string {
      const id = randomBytes(12).toString("base64url");
      const payload = `${id}.${now().toString(36)}.${Buffer.from(account).toString("base64url")}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The device id when the token is ours, for this account, and not too old; otherwise undefined. */
    deviceFor(token: string | undefined, account: string): string | undefined {
      const parts = token?.split(".") ?? [];
      if (parts.length !== 4) return undefined;
      const [device, issued, name, mac] = parts as [string, string, string, string];
      const expected = Buffer.from(sign(`${device}.${issued}.${name}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (Buffer.from(name, "base64url").toString() !== account) return undefined;
      const age = now() - Number.parseInt(issued, 36);
      return age >= 0 && age <= DEVICE_TOKEN_MAX_AGE_MS ? device : undefined;
    },
  };
}
