// The shipped nginx site in front of the server, both real: nginx from
// Debian's package runs deploy/nginx-site.conf (its machine paths replaced,
// tests/peers/nginx-site.ts) with a certificate openssl made, the app listens
// on loopback with TRUST_PROXY=true, as the systemd unit runs it. Clients
// speak HTTP/1.1 and HTTP/2 to nginx from an address of their own on loopback
// (127.0.0.23), so the address the server records can only have come through
// X-Forwarded-For.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import http2 from "node:http2";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import tls from "node:tls";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { createTestCa, type TestCa } from "#scripts/fleet/certificates.ts";
import { startSiteNginx, type SiteNginx } from "#tests/peers/nginx-site.ts";
import { createTestApp } from "#tests/support/test-app.ts";

const CLIENT_ADDRESS = "127.0.0.23";
const SPOOFED_ADDRESS = "203.0.113.99";
const PASSWORD = "correct horse battery staple";
const ASSET = "/assets/entry-3f9a1c.js";
const ASSET_BODY = `console.log(${JSON.stringify("x".repeat(2000))});\n`;
const ISLAND = "/islands/assets/client-8d2e.js";

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: Buffer };

let ca: TestCa;
let work: string;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let nginx: SiteNginx;
let session: http2.ClientHttp2Session;

/** A build as `npm run build` leaves it: hashed assets with a .gz copy beside, the islands bundle. */
function writeBuild(buildDir: string): void {
  mkdirSync(join(buildDir, "client/assets"), { recursive: true });
  mkdirSync(join(buildDir, "islands/assets"), { recursive: true });
  writeFileSync(join(buildDir, "client", ASSET), ASSET_BODY);
  writeFileSync(join(buildDir, "client", `${ASSET}.gz`), gzipSync(ASSET_BODY));
  writeFileSync(join(buildDir, ISLAND), "export const island = 1;\n");
}

beforeAll(async () => {
  ca = createTestCa();
  const leaf = ca.validFor("site", 30, ["localhost"]);
  work = mkdtempSync(join(tmpdir(), "nginx-site-test-"));
  // nginx's workers (nobody, under root) read the build, as www-data reads /opt/muster-web.
  chmodSync(work, 0o755);
  writeBuild(join(work, "build"));
  mkdirSync(join(work, "webroot/.well-known/acme-challenge"), { recursive: true });
  writeFileSync(join(work, "webroot/.well-known/acme-challenge/token-from-certbot"), "certbot's answer");
  database = openDatabase({ dataDir: join(work, "data") });
  app = await createTestApp(database, { TRUST_PROXY: "true" });
  await app.services.staff.create("olivia", PASSWORD, "owner");
  server = createServer(getRequestListener(app.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  nginx = await startSiteNginx({
    appPort: (server.address() as AddressInfo).port,
    certFile: leaf.certFile,
    keyFile: leaf.keyFile,
    buildDir: join(work, "build"),
    webroot: join(work, "webroot"),
  });
  // The TLS socket is made here, over a TCP socket from the client's own address.
  session = http2.connect(`https://127.0.0.1:${nginx.httpsPort}`, {
    createConnection: () =>
      tls.connect({
        socket: connect({ host: "127.0.0.1", port: nginx.httpsPort, localAddress: CLIENT_ADDRESS }),
        ca: ca.ca.cert,
        servername: nginx.serverName,
        ALPNProtocols: ["h2"],
      }),
  });
  await new Promise<void>((resolve, reject) => session.once("connect", () => resolve()).once("error", reject));
}, 60_000);

afterAll(async () => {
  session?.close();
  await nginx?.stop();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await database?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  ca?.cleanup();
});

/** One request over the HTTP/2 connection, as a browser at https://localhost sends it. */
function h2(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ":method": method, ":path": path, ":authority": nginx.serverName, ...headers });
    const chunks: Buffer[] = [];
    let answered: http2.IncomingHttpHeaders = {};
    stream.on("response", (received) => (answered = received));
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () =>
      resolve({ status: Number(answered[":status"]), headers: answered, body: Buffer.concat(chunks) }),
    );
    stream.on("error", reject);
    stream.end(body);
  });
}

/** A plain-HTTP/1.1 request to the port 80 server. */
function plain(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: "127.0.0.1", port: nginx.httpPort, path, localAddress: CLIENT_ADDRESS };
    const request = httpRequest({ ...options, headers: { host: nginx.serverName } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject).end();
  });
}

const signIn = (password: string) =>
  h2(
    "POST",
    "/api/auth/sign-in",
    {
      origin: `https://${nginx.serverName}`,
      "content-type": "application/json",
      "x-forwarded-for": SPOOFED_ADDRESS,
    },
    JSON.stringify({ username: "olivia", password }),
  );

describe("the nginx site in front of the server", () => {
  it("moves plain HTTP to HTTPS for good, keeping the path and the query", async () => {
    const answer = await plain("/en/contact?from=card&lang=en");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${nginx.serverName}/en/contact?from=card&lang=en`);
  });

  it("answers ACME challenges over plain HTTP: certbot's files first, else the server's own client", async () => {
    const certbot = await plain("/.well-known/acme-challenge/token-from-certbot");
    expect([certbot.status, certbot.body.toString()]).toEqual([200, "certbot's answer"]);
    const unknown = await plain("/.well-known/acme-challenge/token-nobody-issued");
    // The server's answer (it sends a request id), not the redirect.
    expect(unknown.status).toBe(404);
    expect(unknown.headers["x-request-id"]).toBeDefined();
  });

  it("speaks HTTP/2 over TLS and passes requests to the server, which knows they came over HTTPS", async () => {
    expect(session.alpnProtocol).toBe("h2");
    const health = await h2("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: "ok" });
    expect(health.headers["x-request-id"]).toBeDefined();
    // The server sends HSTS only when X-Forwarded-Proto says https.
    expect(health.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("gives the server the client's address, whatever X-Forwarded-For the client sent itself", async () => {
    expect((await signIn("not the password")).status).toBe(401);
    const { events } = await app.services.audit.list({ limit: 5, action: "sign-in.failed" });
    expect(events).toHaveLength(1);
    const pseudonym = app.services.audit.pseudonym;
    expect(events[0]!.source).toBe(pseudonym(CLIENT_ADDRESS));
    expect(events[0]!.source).not.toBe(pseudonym(SPOOFED_ADDRESS));
    expect(events[0]!.source).not.toBe(pseudonym("127.0.0.1"));
  });

  it("lets the server set its Secure session cookie, on the name it says", async () => {
    const answer = await signIn(PASSWORD);
    expect(answer.status).toBe(200);
    const cookies = [answer.headers["set-cookie"] ?? []].flat();
    const sessionCookie = cookies.find((cookie) => cookie.startsWith("__Host-session="));
    expect(sessionCookie, cookies.join("\n")).toMatch(/; Secure/);
  });

  it("serves the built assets from disk, precompressed, cached for a year; a missing one is a 404", async () => {
    const asset = await h2("GET", ASSET, { "accept-encoding": "gzip" });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.body).toEqual(readFileSync(join(work, "build/client", `${ASSET}.gz`)));
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // nginx's, not the server's: the server has no build here and answers /assets/* with 404.
    expect(asset.headers["x-request-id"]).toBeUndefined();
    const island = await h2("GET", ISLAND);
    expect([island.status, island.body.toString()]).toEqual([200, "export const island = 1;\n"]);
    expect((await h2("GET", "/assets/entry-000000.js")).status).toBe(404);
  });

  it("keeps a push monitor's token and every query string out of its access log", async () => {
    await h2("GET", "/api/push/secret-push-token-4711?status=up&note=private-words");
    await h2("GET", "/en/contact?invite=secret-query-0815");
    const log = readFileSync(nginx.accessLog, "utf8");
    expect(log).toContain('"GET /api/push/:token HTTP/2.0"');
    expect(log).toContain('"GET /en/contact HTTP/2.0"');
    expect(log).not.toMatch(/secret-push-token|private-words|secret-query/);
  });

  it("keeps secrets in links out of its error log, which quotes the request line of a refused request", async () => {
    const tooLarge = { "content-type": "application/json", "content-length": String(100_000) };
    const body = "x".repeat(100_000);
    expect((await h2("POST", "/api/contact?ref=seen-in-the-log", tooLarge, body)).status).toBe(413);
    expect((await h2("POST", "/api/push/secret-push-token-0042", tooLarge, body)).status).toBe(413);
    const unsubscribe = "/api/status/unsubscribe?token=secret-unsubscribe-token";
    expect((await h2("POST", unsubscribe, tooLarge, body)).status).toBe(413);
    const log = readFileSync(nginx.errorLog, "utf8");
    // Refused bodies are logged as errors, with the request line; the push location logs only critical ones.
    expect(log).toMatch(/too large body.*seen-in-the-log/);
    expect(log).not.toMatch(/secret-push-token|secret-unsubscribe-token/);
  });
});
