// Certificate renewal against a real ACME server: pebble issues certificates
// after really validating HTTP-01 against the responder below, so these tests
// cover acme-client, the challenge store and our trust handling end to end.
// The renewal hook is tested against a local HTTP server.
import { X509Certificate, createPrivateKey } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Agent, get as httpsGet } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as acme from "acme-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChallengeStore, renewWithAcme, writeCertificateFiles } from "./acme-renewal.ts";
import { callRenewalHook } from "./renewal-hook.ts";
import { type Pebble, startPebble } from "#tests/peers/pebble.ts";

/** The in-memory stand-in for the database-backed store the web route reads. */
class MemoryChallengeStore implements ChallengeStore {
  readonly entries = new Map<string, string>();
  puts = 0;
  async put(token: string, keyAuthorization: string): Promise<void> {
    this.puts += 1;
    this.entries.set(token, keyAuthorization);
  }
  async remove(token: string): Promise<void> {
    this.entries.delete(token);
  }
}

const GOOD_DOMAIN = "svc.test.internal";
/** The responder answers this domain with a wrong key authorization. */
const LYING_DOMAIN = "lying.test.internal";
const PREFIX = "/.well-known/acme-challenge/";

const store = new MemoryChallengeStore();
/** Challenge requests that reached the responder, by the Host pebble asked for. */
const asked: string[] = [];
let responder: Server;
let pebble: Pebble | undefined;
let tempDir = "";

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function renew(
  domain: string,
  extra: { accountKeyPem?: string; caFile?: string | null; challenges?: ChallengeStore; timeoutMs?: number } = {},
) {
  if (!pebble) throw new Error("pebble did not start");
  return renewWithAcme({
    domain,
    directoryUrl: pebble.directoryUrl,
    email: "ops@example.com",
    caFile: extra.caFile === null ? undefined : (extra.caFile ?? pebble.caFile),
    challenges: extra.challenges ?? store,
    timeoutMs: extra.timeoutMs ?? 60_000,
    accountKeyPem: extra.accountKeyPem,
  });
}

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "acme-renewal-test-"));
});
afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** Pebble, with its HTTP-01 challenges answered by the responder on loopback, for the tests of one block. */
function usePebble() {
  beforeAll(async () => {
    responder = createServer((request, response) => {
      const url = request.url ?? "";
      const keyAuthorization = url.startsWith(PREFIX) ? store.entries.get(url.slice(PREFIX.length)) : undefined;
      if (keyAuthorization === undefined) return void ((response.statusCode = 404), response.end("not found"));
      const host = (request.headers.host ?? "").replace(/:\d+$/, "");
      asked.push(host);
      response.setHeader("Content-Type", "application/octet-stream");
      response.end(
        host === LYING_DOMAIN ? `${keyAuthorization.split(".")[0]}.not-the-account-thumbprint` : keyAuthorization,
      );
    });
    pebble = await startPebble({ httpPort: await listen(responder) });
  }, 60_000);
  afterAll(async () => {
    await pebble?.stop();
    await close(responder);
  });
}

describe("renewWithAcme against pebble: issuing and renewing", { timeout: 90_000 }, () => {
  usePebble();

  let firstAccountKey = "";
  let firstCertificate = "";

  it("issues a certificate for the domain after pebble fetched the HTTP-01 answer", async () => {
    const askedBefore = asked.length;
    const result = await renew(GOOD_DOMAIN);

    const chain = acme.crypto.splitPemChain(result.certificatePem);
    expect(chain.length).toBeGreaterThanOrEqual(2); // leaf + pebble's intermediate
    const leaf = new X509Certificate(chain[0]!);
    expect(leaf.subjectAltName).toBe(`DNS:${GOOD_DOMAIN}`);
    expect(Date.parse(result.notAfter)).toBeGreaterThan(Date.now());
    expect(result.notAfter).toBe(new Date(leaf.validTo).toISOString());
    expect(leaf.checkPrivateKey(createPrivateKey(result.privateKeyPem))).toBe(true);
    expect(createPrivateKey(result.privateKeyPem).asymmetricKeyType).toBe("ec");

    // The chain ends at pebble's root of this run.
    const root = new X509Certificate(await pebble!.fetchRoot());
    for (let i = 0; i + 1 < chain.length; i += 1)
      expect(new X509Certificate(chain[i]!).verify(new X509Certificate(chain[i + 1]!).publicKey)).toBe(true);
    expect(new X509Certificate(chain.at(-1)!).verify(root.publicKey)).toBe(true);

    expect(asked.slice(askedBefore)).toContain(GOOD_DOMAIN);
    expect(store.entries.size).toBe(0);
    expect(result.accountKeyPem).toContain("PRIVATE KEY");
    firstAccountKey = result.accountKeyPem;
    firstCertificate = result.certificatePem;
  });

  it("renews again with the same account key, validating afresh", async () => {
    expect(firstAccountKey).not.toBe("");
    const askedBefore = asked.length;
    const putsBefore = store.puts;
    const result = await renew(GOOD_DOMAIN, { accountKeyPem: firstAccountKey });

    expect(result.accountKeyPem).toBe(firstAccountKey);
    expect(result.certificatePem).not.toBe(firstCertificate);
    expect(new X509Certificate(result.certificatePem).checkHost(GOOD_DOMAIN)).toBe(GOOD_DOMAIN);
    expect(store.puts).toBe(putsBefore + 1);
    expect(asked.slice(askedBefore)).toContain(GOOD_DOMAIN);
    expect(store.entries.size).toBe(0);

    // The CA knows this key as an existing account (one key, one account).
    const client = new acme.Client({ directoryUrl: pebble!.directoryUrl, accountKey: firstAccountKey });
    const agent = new Agent({ ca: await readFile(pebble!.caFile, "utf8") });
    const id = acme.axios.interceptors.request.use((config) => ((config.httpsAgent = agent), config));
    try {
      const account = await client.createAccount({ onlyReturnExisting: true });
      expect(account.status).toBe("valid");
    } finally {
      acme.axios.interceptors.request.eject(id);
      agent.destroy();
    }
  });

  it("trusts the CA file for this renewal only, never the process", async () => {
    // Without caFile pebble's test CA is untrusted: a clear, fast failure.
    const started = Date.now();
    await expect(renew(GOOD_DOMAIN, { caFile: null })).rejects.toThrow(
      /^ACME order failed: the ACME directory is unreachable: .*certificate/i,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(store.entries.size).toBe(0);

    // After the renewals above, plain HTTPS from this process still refuses pebble.
    const plain = await new Promise<string>((resolve) => {
      const request = httpsGet(
        pebble!.directoryUrl,
        (response) => (response.resume(), resolve(`HTTP ${response.statusCode}`)),
      );
      request.on("error", (error) => resolve(error.message));
    });
    expect(plain).toMatch(/certificate/i);
  });
});

describe("renewWithAcme against pebble: failures and renewals side by side", { timeout: 90_000 }, () => {
  usePebble();

  it(
    "rejects with pebble's reason when the responder serves the " + "wrong key authorization, and cleans the store",
    async () => {
      const askedBefore = asked.length;
      const failure = await renew(LYING_DOMAIN).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/^ACME order failed: .*key authorization/i);
      expect(asked.slice(askedBefore)).toContain(LYING_DOMAIN);
      expect(store.entries.size).toBe(0);
    },
  );

  it(
    "gives up at the deadline, removes its challenge and " + "leaves nothing behind when the order ends later",
    async () => {
      // A store whose put() stores at once but answers only when the test says
      // so: the renewal times out while acme-client is still waiting on it.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      class StuckStore extends MemoryChallengeStore {
        override async put(token: string, keyAuthorization: string): Promise<void> {
          await super.put(token, keyAuthorization);
          await released;
        }
      }
      const stuck = new StuckStore();
      const started = Date.now();
      await expect(renew(GOOD_DOMAIN, { challenges: stuck, timeoutMs: 3000 })).rejects.toThrow(
        "ACME order failed: timed out after 3000 ms",
      );
      // Given up at its deadline, not when the stuck store answers (never, until released).
      expect(Date.now() - started).toBeLessThan(3000 * 4);
      expect(stuck.puts).toBe(1);
      expect(stuck.entries.size).toBe(0);
      // When put() finally returns, the abandoned order stops without putting anything back.
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stuck.puts).toBe(1);
      expect(stuck.entries.size).toBe(0);
    },
  );

  it("runs renewals side by side, one abandoned, without them disturbing each other", async () => {
    const hanging: ChallengeStore = { put: () => new Promise(() => undefined), remove: async () => undefined };
    const [a, b, abandoned] = await Promise.allSettled([
      renew("a.test.internal"),
      renew("b.test.internal", { caFile: pebble!.caFile }),
      renew("c.test.internal", { challenges: hanging, timeoutMs: 3000 }),
    ]);
    expect(a.status === "fulfilled" && new X509Certificate(a.value.certificatePem).checkHost("a.test.internal")).toBe(
      "a.test.internal",
    );
    expect(b.status === "fulfilled" && new X509Certificate(b.value.certificatePem).checkHost("b.test.internal")).toBe(
      "b.test.internal",
    );
    expect(abandoned.status === "rejected" && String(abandoned.reason)).toMatch(
      /ACME order failed: timed out after 3000 ms/,
    );
    expect(store.entries.size).toBe(0);
  });

  it("refuses a domain that is not a domain name before talking to the CA", async () => {
    await expect(renew("../etc")).rejects.toThrow(/^ACME order failed: .*not a domain name/);
  });
});

describe("writeCertificateFiles", () => {
  const result = {
    certificatePem: "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n",
    privateKeyPem: "key\n",
  };

  it("writes fullchain.pem and privkey.pem with mode 0600, replacing old files", async () => {
    const first = await writeCertificateFiles(tempDir, "www.example.com", { ...result, privateKeyPem: "old key\n" });
    const files = await writeCertificateFiles(tempDir, "www.example.com", result);
    expect(files).toEqual(first);
    expect(files).toEqual({
      fullchain: path.join(tempDir, "www.example.com", "fullchain.pem"),
      privkey: path.join(tempDir, "www.example.com", "privkey.pem"),
    });
    expect(await readFile(files.fullchain, "utf8")).toBe(result.certificatePem);
    expect(await readFile(files.privkey, "utf8")).toBe(result.privateKeyPem);
    for (const file of Object.values(files)) expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.each(["../x", "a/b", "..", "", "x/../../y"])("refuses %j", async (domain) => {
    await expect(writeCertificateFiles(tempDir, domain, result)).rejects.toThrow(/Refusing to write certificate files/);
  });
});

describe("callRenewalHook", () => {
  const TOKEN = "hook-token-0123456789abcdef";
  let hookServer: Server;
  let base = "";
  const received: { path: string; body: unknown }[] = [];

  beforeAll(async () => {
    const routes: Record<string, (request: IncomingMessage, response: ServerResponse, body: string) => void> = {
      "/renew": (_, response, body) => {
        const { domain } = JSON.parse(body) as { domain: string };
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify({ message: `Renewal of ${domain} queued` }));
      },
      "/quiet": (_, response) => response.end("ok"),
      "/broken": (_, response) => ((response.statusCode = 500), response.end(`{"message":"token ${TOKEN} rejected"}`)),
      "/echo-token": (request, response) =>
        response.end(JSON.stringify({ message: `got ${request.headers.authorization}` })),
      "/hang": () => undefined,
    };
    hookServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const route = routes[request.url ?? ""];
        if (request.method !== "POST" || !route) return void ((response.statusCode = 404), response.end());
        if (request.headers.authorization !== `Bearer ${TOKEN}`)
          return void ((response.statusCode = 401), response.end());
        received.push({ path: request.url ?? "", body: JSON.parse(body) });
        route(request, response, body);
      });
    });
    base = `http://127.0.0.1:${await listen(hookServer)}`;
  });
  afterAll(() => close(hookServer));

  const request = { domain: "www.example.com", serverIP: "203.0.113.7" };

  it("posts {domain, serverIP} with the bearer token and reports the hook's message", async () => {
    const result = await callRenewalHook({ url: `${base}/renew`, token: TOKEN }, request, { timeoutMs: 2000 });
    expect(result).toEqual({ success: true, message: "Renewal of www.example.com queued" });
    expect(received.at(-1)).toEqual({ path: "/renew", body: request });
  });

  it("names the host when the hook says nothing", async () => {
    const result = await callRenewalHook({ url: `${base}/quiet`, token: TOKEN }, request, { timeoutMs: 2000 });
    expect(result).toEqual({ success: true, message: `Renewal requested from ${new URL(base).host}` });
  });

  it("fails on a wrong token (the hook checks it)", async () => {
    const result = await callRenewalHook({ url: `${base}/renew`, token: "wrong-token-0123456789" }, request, {
      timeoutMs: 2000,
    });
    expect(result).toEqual({ success: false, message: "Renewal hook failed: HTTP 401" });
  });

  it("fails on HTTP 500 without the token in the message", async () => {
    const result = await callRenewalHook({ url: `${base}/broken`, token: TOKEN }, request, { timeoutMs: 2000 });
    expect(result).toEqual({ success: false, message: "Renewal hook failed: HTTP 500" });
  });

  it("never repeats the token, even when the hook echoes it", async () => {
    const result = await callRenewalHook({ url: `${base}/echo-token`, token: TOKEN }, request, { timeoutMs: 2000 });
    expect(result.success).toBe(true);
    expect(result.message).not.toContain(TOKEN);
    expect(result.message).toBe("got Bearer [token]");
  });

  it("gives up on a hanging hook within the timeout", async () => {
    const started = Date.now();
    const result = await callRenewalHook({ url: `${base}/hang`, token: TOKEN }, request, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ success: false, message: "Renewal hook failed: Timed out after 300 ms" });
  });

  it("fails on an unreachable hook and an invalid URL without throwing", async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    const unreachable = await callRenewalHook({ url: `http://127.0.0.1:${port}/renew`, token: TOKEN }, request, {
      timeoutMs: 2000,
    });
    expect(unreachable.success).toBe(false);
    expect(unreachable.message).toMatch(/^Renewal hook failed: .*ECONNREFUSED/);
    expect(unreachable.message).not.toContain(TOKEN);
    const invalid = await callRenewalHook({ url: "not a url", token: TOKEN }, request, { timeoutMs: 2000 });
    expect(invalid).toEqual({ success: false, message: "Renewal hook failed: invalid hook URL" });
  });
});
