// Certificate renewal over ACME (RFC 8555) for servers whose renewal method is
// "acme": this server orders the certificate with acme-client, proves control
// of the domain by HTTP-01 only (the web route answers
// GET /.well-known/acme-challenge/<token> from a ChallengeStore, so no DNS API
// credentials are needed), and writes the files the web server reads.
import { X509Certificate, createPrivateKey, randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { get as httpGet, type IncomingMessage } from "node:http";
import { Agent, get as httpsGet } from "node:https";
import path from "node:path";
import type * as AcmeClient from "acme-client";
import { DOMAIN_NAME } from "#server/net/domain-name.ts";

type Acme = typeof AcmeClient;

// acme-client (with axios and its crypto helpers) is loaded on the first
// renewal, not with every server process: most never renew.
let loaded: Promise<Acme> | undefined;
const loadAcme = () => (loaded ??= import("acme-client"));

/** Where HTTP-01 key authorizations wait for the CA to fetch them; remove() of an unknown token is a no-op. */
export type ChallengeStore = {
  put(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
};

export type AcmeRenewalOptions = {
  domain: string;
  directoryUrl: string;
  /** The account's contact address. */
  email: string;
  /** PEM file trusted for the ACME server's own TLS (a test CA); the system's roots otherwise. */
  caFile?: string;
  challenges: ChallengeStore;
  /** The whole renewal, from the first request to the certificate; default 2 minutes. */
  timeoutMs?: number;
  /** The account key from an earlier renewal, so the CA sees one account, not a new one per renewal. */
  accountKeyPem?: string;
};

export type AcmeRenewalResult = {
  /** The certificate followed by its intermediates. */
  certificatePem: string;
  privateKeyPem: string;
  /** ISO 8601. */
  notAfter: string;
  /** Store it and pass it back next time. */
  accountKeyPem: string;
};

const DEFAULT_TIMEOUT_MS = 120_000;
/**
 * Directory check before the order: it fails fast where acme-client would retry a dead or untrusted server for a
 * minute.
 */
const DIRECTORY_CHECK_MS = 10_000;
const MAX_DETAIL_CHARS = 500;

/**
 * Orders a certificate for one domain; throws "ACME order failed: <reason>". Challenges put in the store are always
 * removed.
 */
export async function renewWithAcme(options: AcmeRenewalOptions): Promise<AcmeRenewalResult> {
  const { domain, challenges } = options;
  if (!DOMAIN_NAME.test(domain)) throw new Error(`ACME order failed: "${domain.slice(0, 100)}" is not a domain name`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const ca = options.caFile
    ? await readFile(options.caFile, "utf8").catch((error: unknown) => {
        throw new Error(`ACME order failed: cannot read caFile: ${detail(error)}`, { cause: error });
      })
    : undefined;
  // The CA file is trusted by this agent only, never by the process (no
  // NODE_TLS_REJECT_UNAUTHORIZED, no global CA list).
  const agent = new Agent({ ca });
  const abandon = new AbortController();
  const placed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let order: Promise<string> | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    const work = async () => {
      await checkDirectory(options.directoryUrl, agent, Math.min(timeoutMs, DIRECTORY_CHECK_MS));
      const acme = await loadAcme();
      const accountKeyPem =
        options.accountKeyPem ?? (await acme.crypto.createPrivateEcdsaKey("P-256")).toString("utf8");
      const certificateKey = await acme.crypto.createPrivateEcdsaKey("P-256");
      const [, csr] = await acme.crypto.createCsr({ commonName: domain, altNames: [domain] }, certificateKey);
      // Past the deadline nothing new may start: the order would outlive its caller.
      if (abandon.signal.aborted) throw new Error("renewal abandoned");
      // acme-client polls from 5 s by default; a CA usually decides in about a second.
      const client = new acme.Client({
        directoryUrl: options.directoryUrl,
        accountKey: accountKeyPem,
        backoffMin: 500,
        backoffMax: 5000,
      });
      bindClient(client, agent, abandon.signal);
      order = client.auto({
        csr,
        email: options.email,
        termsOfServiceAgreed: true,
        challengePriority: ["http-01"],
        // acme-client's own pre-check fetches http://<domain>:80 from this
        // server through the system DNS; behind NAT or a proxy that fails
        // where the CA would succeed. The CA's validation is the real test.
        skipChallengeVerification: true,
        challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
          // challengePriority only orders the offered types: without an
          // http-01 challenge acme-client would pick dns-01 or tls-alpn-01.
          if (challenge.type !== "http-01")
            throw new Error(`the CA offered no http-01 challenge (got ${challenge.type})`);
          if (abandon.signal.aborted) throw new Error("renewal abandoned");
          placed.add(challenge.token);
          await challenges.put(challenge.token, keyAuthorization);
        },
        challengeRemoveFn: async (_authz, challenge) => {
          placed.delete(challenge.token);
          await challenges.remove(challenge.token);
        },
      });
      const certificatePem = await order;
      return { ...checkCertificate(acme, certificatePem, certificateKey.toString("utf8"), domain), accountKeyPem };
    };
    return await Promise.race([work(), deadline]);
  } catch (error) {
    throw new Error(`ACME order failed: ${detail(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    // After a timeout acme-client may still be running: its requests now
    // fail at once, and the agent lives until it has given up.
    abandon.abort();
    await Promise.all([...placed].map((token) => challenges.remove(token).catch(() => undefined)));
    void (order ?? Promise.resolve("")).catch(() => "").finally(() => agent.destroy());
  }
}

type HttpRequest = (url: string, method: string, options?: Record<string, unknown>) => Promise<unknown>;

/**
 * Sends this client's requests through our agent. acme-client has one shared
 * axios instance and no agent option; an axios interceptor would apply to
 * every renewal in the process (and cannot tell them apart), so this wraps the
 * client's own HTTP layer instead. Every ACME request passes through it; the
 * pebble test fails if a new acme-client version moves it.
 */
function bindClient(client: AcmeClient.Client, agent: Agent, signal: AbortSignal): void {
  const http = (client as unknown as { http?: { request?: HttpRequest } }).http;
  if (typeof http?.request !== "function")
    throw new Error("acme-client has no per-client HTTP layer to carry our TLS trust");
  const request = http.request.bind(http);
  http.request = (url, method, options = {}) =>
    // A plain Error is not retried by acme-client. A request in flight when
    // the renewal is abandoned is cancelled; acme-client's axios retries it a
    // few times, and each retry is cancelled at once.
    signal.aborted
      ? Promise.reject(new Error("renewal abandoned"))
      : request(url, method, { ...options, httpsAgent: agent, signal });
}

/**
 * One GET of the directory with our trust and a deadline: a wrong URL, a dead server or a TLS problem in a few words.
 */
function checkDirectory(directoryUrl: string, agent: Agent, timeoutMs: number): Promise<void> {
  const secure = directoryUrl.startsWith("https:");
  return new Promise((resolve, reject) => {
    const onResponse = (response: IncomingMessage) => {
      response.resume();
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve();
      else reject(new Error(`the ACME directory answered HTTP ${status}`));
    };
    const request = secure
      ? httpsGet(directoryUrl, { agent, timeout: timeoutMs }, onResponse)
      : httpGet(directoryUrl, { timeout: timeoutMs }, onResponse);
    request.on("timeout", () => request.destroy(new Error(`the ACME directory did not answer in ${timeoutMs} ms`)));
    request.on("error", (error) => reject(new Error(`the ACME directory is unreachable: ${error.message}`)));
  });
}

/** Refuses a certificate that does not fit its key or its domain: better no renewal than a broken site. */
function checkCertificate(
  acme: Acme,
  certificatePem: string,
  privateKeyPem: string,
  domain: string,
): Omit<AcmeRenewalResult, "accountKeyPem"> {
  const [leafPem] = acme.crypto.splitPemChain(certificatePem);
  if (!leafPem) throw new Error("the CA returned no certificate");
  const leaf = new X509Certificate(leafPem);
  if (!leaf.checkPrivateKey(createPrivateKey(privateKeyPem)))
    throw new Error("the issued certificate does not match its key");
  if (!leaf.checkHost(domain)) throw new Error(`the issued certificate is not valid for ${domain}`);
  return { certificatePem, privateKeyPem, notAfter: new Date(leaf.validTo).toISOString() };
}

function detail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, MAX_DETAIL_CHARS) || "unknown error";
}

/**
 * Writes <dir>/<domain>/fullchain.pem and privkey.pem, both 0600. Each file is
 * written to a temp file and renamed into place, so a reader never sees half a
 * file; both temp files are written before either rename to keep the window
 * with a new key and an old chain as short as possible.
 */
export async function writeCertificateFiles(
  dir: string,
  domain: string,
  result: Pick<AcmeRenewalResult, "certificatePem" | "privateKeyPem">,
): Promise<{ fullchain: string; privkey: string }> {
  // The domain becomes a path segment: nothing that could leave <dir>.
  if (!DOMAIN_NAME.test(domain) || domain.includes(".."))
    throw new Error(`Refusing to write certificate files for "${domain.slice(0, 100)}"`);
  const target = path.join(dir, domain);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const files = { fullchain: path.join(target, "fullchain.pem"), privkey: path.join(target, "privkey.pem") };
  const suffix = `.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const temps = { fullchain: files.fullchain + suffix, privkey: files.privkey + suffix };
  try {
    await writePrivate(temps.fullchain, result.certificatePem);
    await writePrivate(temps.privkey, result.privateKeyPem);
    await rename(temps.privkey, files.privkey);
    await rename(temps.fullchain, files.fullchain);
  } finally {
    await Promise.all(Object.values(temps).map((file) => rm(file, { force: true })));
  }
  return files;
}

async function writePrivate(file: string, text: string): Promise<void> {
  // "wx": a fresh file, so the 0600 mode applies (it is only used on create).
  const handle = await open(file, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}
