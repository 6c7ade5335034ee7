// Keys a client presents in a request (push tokens, the metrics and the
// maintenance bearer, remote probes' tokens) can be guessed like passwords.
// Misses are counted per client network and surface in the sign-in
// throttle's table (so every worker and instance agrees): each miss is reserved in one atomic statement,
// so 100 parallel guesses cannot all be answered, and past a few misses the
// network waits. A right key counts nothing (twenty cron jobs of one host
// pushing at once are never held), but it waits too while its network is
// held: otherwise its answer would tell a held guesser which key was right.
// The key itself is compared in memory; what the comparison said is told
// only to a client that is not held, and nothing is written before.
import { clientNetwork } from "#server/net/client-address.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";
import { throttleKey, type Throttle } from "./throttle.ts";

export type KeySurface = "push" | "metrics" | "maintenance" | "probe";

export type KeyVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createKeyGuard(throttle: Throttle, ipKey: Buffer) {
  return {
    /**
     * Whether the client may be told how its key compared (`hit`): a miss is counted, a held network is refused either
     * way.
     */
    async admit(surface: KeySurface, clientIp: string, hit: boolean): Promise<KeyVerdict> {
      const key = throttleKey("key-miss:network", surface, ipPseudonym(ipKey, clientNetwork(clientIp)));
      const waitMs = hit
        ? await throttle.waiting([key])
        : await throttle.reserve([key]).then((r) => (r.ok ? 0 : r.retryAfterMs));
      return waitMs > 0 ? { ok: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { ok: true };
    },
  };
}

export type KeyGuard = ReturnType<typeof createKeyGuard>;
