// For tests: a real SMTP server on loopback (smtp-server) that offers
// STARTTLS with a freshly generated certificate, keeps what it receives, and
// can be taken down and brought back on the same port. Plus a small reader
// for the MIME that nodemailer writes.
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { generate } from "selfsigned";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; secure: boolean };

export async function startTestMailServer(options: { dir: string; port?: number }) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    notAfterDate: new Date(Date.now() + 24 * 60 * 60_000),
    keyType: "ec",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  const caFile = join(options.dir, "smtp-ca.pem");
  writeFileSync(caFile, pems.cert);
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  async function up(): Promise<void> {
    if (server) return;
    server = new SMTPServer({
      key: pems.private,
      cert: pems.cert,
      authOptional: true,
      disableReverseLookup: true,
      logger: false,
      // Taking the server down must not wait for the sender's idle pooled connection.
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            secure: session.secure,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  async function down(): Promise<void> {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await up();
  return {
    received,
    caFile,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    up,
    down,
  };
}

export type TestMailServer = Awaited<ReturnType<typeof startTestMailServer>>;

export type ParsedMail = { headers: Record<string, string>; text: string; html: string };

/** Reads the headers and the text and HTML parts of one message. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitPart(raw);
  const parts: ParsedMail = { headers, text: "", html: "" };
  collect(headers, body, parts);
  return parts;
}

function collect(headers: Record<string, string>, body: string, into: ParsedMail): void {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = splitPart(chunk.replace(/^\r?\n/, ""));
      collect(part.headers, part.body, into);
    }
    return;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"] ?? "7bit");
  if (type.startsWith("text/html")) into.html = decoded;
  else if (type.startsWith("text/plain")) into.text = decoded;
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end).replace(/^\r?\n\r?\n/, "") };
}

function decodeBody(body: string, encoding: string): string {
  const trimmed = body.replace(/\r?\n$/, "");
  if (/base64/i.test(encoding)) return Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(trimmed);
  return trimmed.replace(/\r\n/g, "\n");
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "").replace(/\r\n/g, "\n");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
