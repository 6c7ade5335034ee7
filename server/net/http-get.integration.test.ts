// httpGet against real servers on loopback: node's own HTTP server (length,
// chunks, interim answers, what the request carries), a raw TCP server that
// answers as no good server would (dripping past the deadline, closing
// mid-body, 10 MB, garbage), Debian's nginx for a real chunked answer, and a
// TLS server that shows the handshake's SNI and ALPN. Every socket is closed
// at the end, whatever the end was.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createTlsServer, type Server as TlsServer } from "node:tls";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { kill, launch, nginxConfig } from "#tests/peers/nginx.ts";
import { freePort } from "#tests/peers/ports.ts";
import { describeError } from "./error-text.ts";
import { httpGet, TimeoutError, type HttpAnswer } from "./http-get.ts";

const KB = 1024;
let http: Server;
let raw: TcpServer;
let tls: TlsServer;
let base = "";
let rawBase = "";
let tlsPort = 0;
/** What the node server last received. */
let received: { url?: string; headers?: IncomingHttpHeaders } = {};
/** Raw answers by the path asked for; a function writes on its own. */
const rawAnswers: Record<string, string | ((socket: Socket) => void)> = {};
const rawSockets = new Set<Socket>();
const handshakes: { servername: string | false; protocols: string[] }[] = [];

const listen = async (server: TcpServer) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  http = createHttpServer((request, response) => {
    received = { url: request.url, headers: request.headers };
    if (request.url === "/chunked") {
      response.write('{"status":');
      setTimeout(() => response.end('"UP"}'), 20);
    } else if (request.url === "/early-hints") {
      response.writeEarlyHints({ link: "</style.css>; rel=preload" });
      response.end("after hints");
    } else if (request.url === "/empty") response.writeHead(204).end();
    else response.end(JSON.stringify({ status: "healthy" }));
  });
  base = `http://127.0.0.1:${await listen(http)}`;
  raw = createTcpServer((socket) => {
    rawSockets.add(socket);
    socket.on("close", () => rawSockets.delete(socket));
    socket.on("error", () => undefined); // the client hangs up on us
    socket.once("data", (request: Buffer) => {
      const answer = rawAnswers[request.toString("latin1").split(" ")[1] ?? ""];
      if (typeof answer === "function") answer(socket);
      else socket.end(answer ?? "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
    });
  });
  rawBase = `http://127.0.0.1:${await listen(raw)}`;
  const pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec" });
  // What the client offers is seen while the handshake is read, before the client refuses the certificate.
  tls = createTlsServer({
    key: pems.private,
    cert: pems.cert,
    ALPNCallback: ({ servername, protocols }) => {
      handshakes.push({ servername: servername ?? false, protocols });
      return protocols[0];
    },
  });
  tls.on("tlsClientError", () => undefined);
  tlsPort = await listen(tls);
});
afterAll(() => {
  http.closeAllConnections();
  for (const server of [http, raw, tls]) server.close();
});

const get = (url: string, timeoutMs = 5_000, maxBodyBytes = 64 * KB, headers: Record<string, string> = {}) =>
  httpGet({ url: new URL(url), headers, timeoutMs, maxBodyBytes });
const failure = (answer: Promise<HttpAnswer>) =>
  answer.then(
    () => "answered",
    (error: unknown) => error,
  );

describe("node's HTTP server", () => {
  it("reads a length-framed answer, and sends one prepared request with Host and Connection: close", async () => {
    const url = new URL(`${base}/health?verbose=1#part`);
    const headers = { Accept: "application/json", "X-Api-Key": "k" };
    expect(await httpGet({ url, headers, timeoutMs: 5_000, maxBodyBytes: KB })).toEqual({
      status: 200,
      body: '{"status":"healthy"}',
    });
    expect(received.url).toBe("/health?verbose=1");
    expect(received.headers).toMatchObject({ host: url.host, connection: "close", accept: "application/json" });
    expect(received.headers!["x-api-key"]).toBe("k");
    // The same URL again: the same request, made once.
    await httpGet({ url, headers, timeoutMs: 5_000, maxBodyBytes: KB });
    expect(received.url).toBe("/health?verbose=1");
  });

  it("sends a URL's user and password as basic authentication, unless an Authorization header is given", async () => {
    await get(`http://ops:p%40ss@127.0.0.1:${new URL(base).port}/`);
    expect(received.headers!.authorization).toBe(`Basic ${Buffer.from("ops:p@ss").toString("base64")}`);
    await get(`http://ops:pw@127.0.0.1:${new URL(base).port}/`, 5_000, KB, { Authorization: "Bearer t" });
    expect(received.headers!.authorization).toBe("Bearer t");
  });

  it("reads chunks, skips an interim answer, and gives a 204 no body", async () => {
    expect(await get(`${base}/chunked`)).toEqual({ status: 200, body: '{"status":"UP"}' });
    expect(await get(`${base}/early-hints`)).toEqual({ status: 200, body: "after hints" });
    expect(await get(`${base}/empty`)).toEqual({ status: 204, body: "" });
  });

  it("refuses a header that would split the request, sending nothing", async () => {
    received = {};
    const error = await failure(get(`${base}/`, 5_000, KB, { "X-Evil": "a\r\nX-Injected: 1" }));
    expect((error as Error).message).toBe('Invalid character in the value of header "X-Evil"');
    expect(received).toEqual({});
  });
});

describe("a server that answers badly", () => {
  it("ends a drip at the deadline with a TimeoutError, and closes the connection", async () => {
    rawAnswers["/drip"] = (socket) => {
      socket.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n");
      const timer = setInterval(() => socket.write("a"), 20);
      socket.on("close", () => clearInterval(timer));
    };
    const started = performance.now();
    const error = await failure(get(`${rawBase}/drip`, 150));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(describeError(error)).toBe("Timed out");
    expect(performance.now() - started).toBeLessThan(2_000);
    await vi.waitFor(() => expect(rawSockets.size).toBe(0));
  });

  it("says a connection closed mid-body was closed before an answer", async () => {
    rawAnswers["/cut"] = "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc";
    rawAnswers["/cut-chunk"] = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab";
    for (const path of ["/cut", "/cut-chunk"])
      expect(describeError(await failure(get(`${rawBase}${path}`)))).toBe("the connection was closed before an answer");
  });

  it("cuts off 10 MB at the cap, announced or not, and closes the connection", async () => {
    const tenMb = Buffer.alloc(10 * KB * KB, "a");
    rawAnswers["/huge"] = (socket) => socket.end(Buffer.concat([Buffer.from("HTTP/1.1 200 OK\r\n\r\n"), tenMb]));
    rawAnswers["/announced"] = `HTTP/1.1 200 OK\r\nContent-Length: ${tenMb.length}\r\n\r\n`;
    for (const path of ["/huge", "/announced"])
      expect(describeError(await failure(get(`${rawBase}${path}`)))).toBe("Response body larger than 64 KB");
    await vi.waitFor(() => expect(rawSockets.size).toBe(0));
  });

  it("names what is malformed", async () => {
    rawAnswers["/garbage"] = "\u0000\u0001 this is not HTTP at all\r\n\r\n";
    rawAnswers["/bad-chunk"] = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n";
    rawAnswers["/big-head"] = `HTTP/1.1 200 OK\r\nX-Big: ${"a".repeat(20 * KB)}\r\n\r\n`;
    expect(describeError(await failure(get(`${rawBase}/garbage`)))).toBe("Parse Error: Expected HTTP/");
    expect(describeError(await failure(get(`${rawBase}/bad-chunk`)))).toBe("Parse Error: Invalid chunk size");
    expect(describeError(await failure(get(`${rawBase}/big-head`)))).toBe(
      "Parse Error: Response headers larger than 16 KB",
    );
    await vi.waitFor(() => expect(rawSockets.size).toBe(0));
  });
});

describe("TLS", () => {
  it("sends the name (SNI) unless it is an address, offers only http/1.1, verifies the certificate", async () => {
    handshakes.length = 0;
    const named = await failure(get(`https://localhost:${tlsPort}/`));
    const numeric = await failure(get(`https://127.0.0.1:${tlsPort}/`));
    expect(describeError(named)).toBe("DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate");
    expect(describeError(numeric)).toBe("DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate");
    await vi.waitFor(() => expect(handshakes).toHaveLength(2));
    expect(handshakes).toEqual([
      { servername: "localhost", protocols: ["http/1.1"] },
      { servername: false, protocols: ["http/1.1"] },
    ]);
  });
});

describe("Debian's nginx", () => {
  let nginx: ChildProcess | undefined;
  let dir = "";
  let port = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "nginx-http-get-"));
    port = await freePort();
    // sub_filter rewrites the body as it passes, so nginx no longer knows its length and sends it in chunks.
    const config = nginxConfig(
      dir,
      port,
      `    location = /chunked {
      default_type application/json;
      sub_filter_types *;
      sub_filter '"UP"' '"UP" ';
      return 200 '{"status":"UP"}';
    }`,
    );
    nginx = (await launch(dir, config)).child;
    await vi.waitFor(() => get(`http://127.0.0.1:${port}/`, 1_000), { timeout: 10_000, interval: 50 });
  });
  afterAll(async () => {
    if (nginx) await kill(nginx);
    await rm(dir, { recursive: true, force: true });
  });

  it("reads its chunked answer and its length-framed one", async () => {
    const chunked = await fetch(`http://127.0.0.1:${port}/chunked`);
    expect(chunked.headers.get("transfer-encoding")).toBe("chunked"); // what this test is about
    await chunked.arrayBuffer();
    expect(await get(`http://127.0.0.1:${port}/chunked`)).toEqual({ status: 200, body: '{"status":"UP" }' });
    expect(await get(`http://127.0.0.1:${port}/`)).toEqual({ status: 200, body: "ok\n" });
  });
});
