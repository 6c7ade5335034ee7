// npm run bench:integrations: how fast the integrations read their sources.
// 1. HAProxy: the stats of a real HAProxy with 1,000 servers, read once over
//    its socket; our reader (csv-parse, then the checks of HAProxy's shape and
//    rows keyed by header name) beside csv-parse alone on the same text, in
//    rows per second.
// 2. Certificates: full probes (handshake, leaf, chain and name checks)
//    against a local TLS server presenting an openssl-made certificate, beside
//    bare TLS handshakes to the same server, in checks per second.
import { connect } from "node:tls";
import { parse as csvParse } from "csv-parse/sync";
import { limiter } from "#server/scheduling/limiter.ts";
import { makeTestCertificates, startTlsServer, TEST_DOMAIN } from "#scripts/fleet/certificates.ts";
import { probeCertificate } from "#server/net/tls-probe.ts";
import { parseHaproxyCsv } from "#server/integrations/haproxy/haproxy-csv.ts";
import { readHaproxyStats } from "#server/integrations/haproxy/haproxy-stats.ts";
import { startHaproxy } from "#tests/peers/haproxy.ts";
import { ensureTools, PEER_TOOLS } from "#scripts/test-tools.ts";

const SERVERS = 1000;
const PARSE_SECONDS = 3;
const PROBES = 2000;
const IN_FLIGHT = 16;

ensureTools(PEER_TOOLS, "bench:integrations");

/** Runs `work` repeatedly for about `seconds`; returns runs per second. */
function perSecond(work: () => void, seconds: number): number {
  for (let i = 0; i < 5; i += 1) work(); // warm up
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    work();
    runs += 1;
  }
  return runs / ((performance.now() - started) / 1000);
}

const format = (n: number) => Math.round(n).toLocaleString("en");

// --- HAProxy ---
const haproxy = await startHaproxy({
  servers: Array.from({ length: SERVERS }, (_, i) => ({ name: `srv${i}`, port: 20_000 + i })),
  checks: false,
});
let csv: string;
try {
  const net = await import("node:net");
  csv = await new Promise<string>((resolve, reject) => {
    let text = "";
    const socket = net.createConnection(haproxy.socketPath, () => socket.write("show stat\n"));
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  const parsed = parseHaproxyCsv(csv);
  if (!parsed.ok) throw new Error(parsed.error);
  const rows = parsed.rows.length;
  const columns = parsed.columns.length;
  const ours = perSecond(() => void parseHaproxyCsv(csv), PARSE_SECONDS) * rows;
  const reference =
    perSecond(
      () => void csvParse(csv.slice(2), { columns: true, relax_column_count: true, skip_empty_lines: true }),
      PARSE_SECONDS,
    ) * rows;
  const started = performance.now();
  const reads = 20;
  for (let i = 0; i < reads; i += 1) await readHaproxyStats({ socket: haproxy.socketPath }, { timeoutMs: 5000 });
  const readMs = (performance.now() - started) / reads;
  console.log(
    `\nHAProxy stats, ${rows} rows x ${columns} columns (${(csv.length / 1024).toFixed(0)} KB) from HAProxy ` +
      `${SERVERS} servers:`,
  );
  console.log(`  ours (parseHaproxyCsv)   ${format(ours).padStart(12)} rows/s`);
  console.log(`  csv-parse alone          ${format(reference).padStart(12)} rows/s`);
  console.log(`  ratio ours / reference   ${(ours / reference).toFixed(2)}`);
  console.log(`  a whole read over the socket (fetch, parse, map): ${readMs.toFixed(1)} ms`);
} finally {
  await haproxy.stop();
}

// --- Certificates ---
const certs = makeTestCertificates();
const server = await startTlsServer(certs.valid90);
try {
  const target = { domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: server.port };
  const ca = [certs.ca.cert];
  const handshake = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(
        { host: "127.0.0.1", port: server.port, servername: TEST_DOMAIN, rejectUnauthorized: false },
        () => {
          socket.destroy();
          resolve();
        },
      );
      socket.on("error", reject);
    });
  const rate = async (work: () => Promise<unknown>) => {
    const limit = limiter(IN_FLIGHT);
    for (let i = 0; i < 50; i += 1) await work();
    const started = performance.now();
    await Promise.all(Array.from({ length: PROBES }, () => limit(work)));
    return PROBES / ((performance.now() - started) / 1000);
  };
  const probe = await rate(async () => {
    const reading = await probeCertificate(target, { timeoutMs: 5000, ca });
    if (reading.status !== "healthy") throw new Error(`unexpected ${reading.status}: ${reading.error}`);
  });
  const bare = await rate(handshake);
  console.log(`\nCertificate checks against a local TLS server (EC P-256), ${PROBES} each, ${IN_FLIGHT} in flight:`);
  console.log(`  ours (probeCertificate)  ${format(probe).padStart(12)} checks/s`);
  console.log(`  bare TLS handshake       ${format(bare).padStart(12)} handshakes/s`);
  console.log(`  ratio ours / bare        ${(probe / bare).toFixed(2)}`);
} finally {
  await server.close();
  certs.cleanup();
}
