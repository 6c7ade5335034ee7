import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver, type ReceiverAnswer } from "#tests/peers/http-receiver.ts";
import { freePort } from "#tests/peers/ports.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import { postJson, type PostOptions } from "./http-post.ts";

/** Tokens where the channels put them: a path segment (Slack, Discord), the query (Teams), a header (Matrix, ntfy). */
const PATH_TOKEN = "T0AA:path_Token-xyz";
const QUERY_TOKEN = "query-sig-0a1b2c3d";
const HEADER_TOKEN = "bearer-secret-9z8y7x";
const SECRETS = [PATH_TOKEN, QUERY_TOKEN, HEADER_TOKEN];

let receiver: HttpReceiver;
beforeAll(async () => {
  receiver = await startHttpReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.reset();
  await receiver.up(); // a test may have left it down
});

const secretUrl = (base = receiver.url) => `${base}/hooks/${PATH_TOKEN}/send?sig=${encodeURIComponent(QUERY_TOKEN)}`;
const post = (options: Partial<PostOptions> = {}, url = secretUrl()) =>
  postJson(url, '{"hello":"world"}', {
    timeoutMs: 2_000,
    headers: { Authorization: `Bearer ${HEADER_TOKEN}` },
    secrets: [HEADER_TOKEN],
    ...options,
  });

async function failureOf(sending: Promise<void>): Promise<DeliveryError> {
  const error: unknown = await sending.then(
    () => new Error("expected the send to fail"),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

function expectNoSecret(message: string): void {
  for (const secret of [...SECRETS, encodeURIComponent(PATH_TOKEN), encodeURIComponent(QUERY_TOKEN)])
    expect(message).not.toContain(secret);
}

const inTen = () => new Date(Date.now() + 10_000).toUTCString();
/** Answers a receiver may refuse with, and how each must be classified. */
const refusals: {
  name: string;
  answer: () => ReceiverAnswer;
  permanent: boolean;
  message: RegExp;
  retryAfterMs?: [number, number];
}[] = [
  {
    name: "400 with Telegram's description",
    answer: () => ({
      status: 400,
      body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}',
    }),
    permanent: true,
    message: /^POST 127\.0\.0\.1:\d+: HTTP 400: Bad Request: chat not found$/,
  },
  {
    name: "404 with Slack's plain text",
    answer: () => ({ status: 404, body: "no_service\n" }),
    permanent: true,
    message: /: HTTP 404: no_service$/,
  },
  {
    name: "403 with Matrix's error",
    answer: () => ({ status: 403, body: '{"errcode":"M_FORBIDDEN","error":"You are not in this room"}' }),
    permanent: true,
    message: /: HTTP 403: You are not in this room$/,
  },
  { name: "401 without a body", answer: () => ({ status: 401 }), permanent: true, message: /: HTTP 401$/ },
  {
    name: "a redirect (not followed)",
    answer: () => ({ status: 302, headers: { Location: `${receiver.url}/elsewhere` } }),
    permanent: true,
    message: /: HTTP 302$/,
  },
  { name: "408", answer: () => ({ status: 408 }), permanent: false, message: /: HTTP 408$/ },
  { name: "425", answer: () => ({ status: 425 }), permanent: false, message: /: HTTP 425$/ },
  {
    name: "429 with Retry-After in seconds",
    answer: () => ({
      status: 429,
      headers: { "Retry-After": "7" },
      body: '{"message":"You are being rate limited."}',
    }),
    permanent: false,
    message: /: HTTP 429: You are being rate limited\.$/,
    retryAfterMs: [7000, 7000],
  },
  {
    name: "503 with Retry-After as a date",
    answer: () => ({ status: 503, headers: { "Retry-After": inTen() } }),
    permanent: false,
    message: /: HTTP 503$/,
    retryAfterMs: [8_000, 10_000],
  },
  {
    name: "500 with Teams' nested error",
    answer: () => ({ status: 500, body: '{"error":{"code":"InternalServerError","message":"Flow failed"}}' }),
    permanent: false,
    message: /: HTTP 500: Flow failed$/,
  },
  {
    name: "502 with a body larger than the cap",
    answer: () => ({ status: 502, body: "x".repeat(1024 * 1024) }),
    permanent: false,
    message: /: HTTP 502$/,
  },
];

describe("postJson", () => {
  it("sends the body byte for byte with its headers and succeeds on any 2xx", async () => {
    for (const status of [200, 202, 204]) {
      receiver.answer({ status }, 1);
      await post({ method: "PUT" });
    }
    expect(receiver.received).toHaveLength(3);
    const [request] = receiver.received;
    expect(request).toMatchObject({
      method: "PUT",
      path: `/hooks/${PATH_TOKEN}/send?sig=${encodeURIComponent(QUERY_TOKEN)}`,
      body: '{"hello":"world"}',
    });
    expect(request!.headers).toMatchObject({
      "user-agent": "muster-digital-monitor",
      "content-type": "application/json",
      authorization: `Bearer ${HEADER_TOKEN}`,
    });
  });

  it.each(refusals)("classifies $name", async ({ answer, permanent, message, retryAfterMs }) => {
    receiver.answer(answer(), 1);
    const error = await failureOf(post());
    expect(error.message).toMatch(message);
    expect(error.options.permanent ?? false).toBe(permanent);
    if (retryAfterMs) {
      expect(error.options.retryAfterMs).toBeGreaterThanOrEqual(retryAfterMs[0]);
      expect(error.options.retryAfterMs).toBeLessThanOrEqual(retryAfterMs[1]);
    } else {
      expect(error.options.retryAfterMs).toBeUndefined();
    }
    expect(receiver.received).toHaveLength(1);
  });

  it("takes a closed port for a transient failure", async () => {
    const error = await failureOf(post({}, secretUrl(`http://127.0.0.1:${await freePort()}`)));
    expect(error.message).toMatch(/^POST 127\.0\.0\.1:\d+: ECONNREFUSED/);
    expect(error.options.permanent ?? false).toBe(false);
    expectNoSecret(error.message);
  });

  it("gives up on a receiver that never answers at the deadline, transiently", async () => {
    receiver.answer("never");
    const started = Date.now();
    const error = await failureOf(post({ timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toMatch(/^POST 127\.0\.0\.1:\d+: timed out after 300 ms$/);
    expect(error.options.permanent ?? false).toBe(false);
    expect(receiver.received).toHaveLength(1);
  });

  it(
    "never puts a token from the path, the query or a header into " + "a message, even when the receiver echoes them",
    async () => {
      const echo = `token ${PATH_TOKEN} / ${encodeURIComponent(PATH_TOKEN)} sig ${QUERY_TOKEN} auth ${HEADER_TOKEN}`;
      for (const answer of [
        { status: 400, body: JSON.stringify({ ok: false, description: echo }) },
        { status: 500, body: echo },
      ]) {
        receiver.answer(answer, 1);
        const error = await failureOf(post());
        expect(error.message).toContain("[hidden]");
        expectNoSecret(error.message);
      }
    },
  );

  it("refuses an invalid URL for good without repeating it", async () => {
    const error = await failureOf(post({}, `not a url ${PATH_TOKEN}`));
    expect(error.options.permanent).toBe(true);
    expectNoSecret(error.message);
  });
});

describe("postJson held to a target policy (the webhooks)", () => {
  const port = () => new URL(receiver.url).port;
  /** The receiver on loopback in four spellings (IPv4 first), and places that must not be tried either. */
  const inside = () => [
    `http://127.0.0.1:${port()}/hook`,
    `http://[::ffff:127.0.0.1]:${port()}/hook`,
    `http://localhost:${port()}/hook`,
    `http://0x7f.1:${port()}/hook`,
    `http://[::1]:${port()}/hook`,
    `http://0.0.0.0:${port()}/hook`,
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://10.0.0.1/hook",
  ];
  const strict = { targets: { allowPrivate: false }, quoteAnswer: false };

  it("refuses each for good, naming the address, without a request", async () => {
    for (const url of inside()) {
      const error = await failureOf(post(strict, url));
      expect(error.options.permanent, url).toBe(true);
      expect(error.message, url).toMatch(/^POST \S+: .+ is an? [a-z -]+: not a webhook's target$/);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("goes to loopback where private targets are allowed; the metadata service stays refused", async () => {
    const allowed = { targets: { allowPrivate: true }, quoteAnswer: false };
    for (const url of inside().slice(0, 4)) await post(allowed, url);
    expect(receiver.received).toHaveLength(4);
    const metadata = await failureOf(post(allowed, "http://169.254.169.254/latest/meta-data/"));
    expect(metadata.message).toBe(
      "POST 169.254.169.254: 169.254.169.254 is a cloud metadata address: not a webhook's target",
    );
  });

  it("gives the status of an error answer, never a word of it", async () => {
    const allowed = { targets: { allowPrivate: true }, quoteAnswer: false };
    for (const answer of [
      { status: 400, body: '{"description":"root:x:0:0:root:/root:/bin/bash"}' },
      { status: 503, body: "ami-id instance-id iam/security-credentials" },
    ]) {
      receiver.answer(answer, 1);
      const error = await failureOf(post(allowed));
      expect(error.message).toMatch(new RegExp(`^POST 127\\.0\\.0\\.1:\\d+: HTTP ${answer.status}$`));
    }
  });
});
