// DNS checks: a record of a type resolves, optionally to an expected value,
// asked of a configured resolver (else the system's). Conditions read the
// answer code as [DNS_RCODE] (NOERROR, NXDOMAIN, SERVFAIL, REFUSED, ...) and
// the answers, joined with ", ", as [BODY].
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import type { CheckRun, CheckRunner } from "./check-type.ts";

export const RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "NS", "TXT", "SRV"] as const;
type RecordType = (typeof RECORD_TYPES)[number];

export type DnsTarget = {
  dns: {
    name: string;
    type: RecordType;
    /** "ip" or "ip:port" ("[v6]:port"); default: the system's resolvers. */
    resolver?: string;
    /** An answer that must be among those returned (an address, a name, a TXT string, "10 mx.example.com"). */
    expected?: string;
  };
};

/** c-ares' error codes as the DNS answer codes of RFC 1035 (ENODATA: the name exists, the type has no record). */
const RCODES: Record<string, string> = {
  ENODATA: "NOERROR",
  ENOTFOUND: "NXDOMAIN",
  ESERVFAIL: "SERVFAIL",
  EREFUSED: "REFUSED",
  EFORMERR: "FORMERR",
  ENOTIMP: "NOTIMP",
};

async function lookUp(resolver: Resolver, name: string, type: RecordType): Promise<string[]> {
  switch (type) {
    case "A":
      return resolver.resolve4(name);
    case "AAAA":
      return resolver.resolve6(name);
    case "CNAME":
      return resolver.resolveCname(name);
    case "NS":
      return resolver.resolveNs(name);
    case "MX":
      return (await resolver.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`);
    case "TXT":
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(""));
    case "SRV":
      return (await resolver.resolveSrv(name)).map((srv) => `${srv.priority} ${srv.weight} ${srv.port} ${srv.name}`);
  }
}

async function run(target: DnsTarget, context: { timeoutMs: number; retries: number }): Promise<CheckRun> {
  const { name, type, expected } = target.dns;
  const resolver = new Resolver({
    timeout: Math.max(100, Math.floor(context.timeoutMs / (context.retries + 1))),
    tries: context.retries + 1,
  });
  if (target.dns.resolver) resolver.setServers([target.dns.resolver]);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error("Timed out"), { code: "ETIMEOUT" }));
    }, context.timeoutMs);
  });
  const failed = (errorMessage: string, rcode?: string): CheckRun => ({
    status: "unhealthy",
    errorMessage,
    responseTime: rcode ? Math.round(performance.now() - started) : null,
    retryAttempt: 0,
    basic: false,
    observation: rcode
      ? { connected: true, dnsRcode: rcode, body: "", responseTimeMs: Math.round(performance.now() - started) }
      : { connected: false },
  });
  try {
    const answers = await Promise.race([lookUp(resolver, name, type), deadline]);
    const responseTime = Math.round(performance.now() - started);
    const observation = {
      connected: true,
      dnsRcode: "NOERROR",
      body: answers.join(", "),
      responseTimeMs: responseTime,
    };
    const base = { responseTime, retryAttempt: 0, basic: false, observation };
    if (answers.length === 0) return { ...base, status: "unhealthy", errorMessage: `No ${type} record for ${name}` };
    if (expected !== undefined && !answers.some((answer) => answer.toLowerCase() === expected.toLowerCase())) {
      return {
        ...base,
        status: "unhealthy",
        errorMessage: `${name} ${type} is ${answers.join(", ").slice(0, 80)}, not ${expected}`,
      };
    }
    return { ...base, status: "healthy", errorMessage: null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const rcode = RCODES[code];
    if (rcode === "NOERROR") return failed(`No ${type} record for ${name}`, rcode);
    if (rcode) return failed(`DNS ${rcode} for ${name} ${type}`, rcode);
    return failed(
      code === "ETIMEOUT"
        ? "Timed out"
        : code === "ECONNREFUSED"
          ? "ECONNREFUSED"
          : `DNS query failed: ${code || (error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

export const dnsRunner: CheckRunner<DnsTarget, "dns"> = {
  key: "dns",
  runsAt: "any-location",
  describe: (target) =>
    `DNS ${target.dns.type} ${target.dns.name}${target.dns.resolver ? ` @ ${target.dns.resolver}` : ""}`,
  // The resolver asked ("192.0.2.53:5353" -> its address); the name looked up may well be a documentation one.
  connectsTo: (target) => {
    const resolver = target.dns.resolver;
    if (resolver === undefined || isIP(resolver) !== 0) return resolver;
    return resolver.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  },
  run,
};
