// What a health check's GET sends, and where, made once per URL: the whole
// request as one buffer (request line, Host, the caller's headers, basic
// authentication from the URL's user and password unless an Authorization
// header is given, "Connection: close"), and the connection's address and
// TLS names. A header that could split the request (a CR, LF or other control
// byte, a name that is not a token) is refused with an Error naming it, as
// node:http refused it.
import { isIP } from "node:net";

export type PreparedRequest = {
  href: string;
  headers: Record<string, string>;
  bytes: Buffer;
  secure: boolean;
  host: string;
  port: number;
  /** The name sent in the TLS handshake (SNI) and checked against the certificate; none for an IP address. */
  servername: string | undefined;
  /** The origin whose TLS session and certificate tls-sessions.ts remembers. */
  origin: string;
};

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function headerLine(name: string, value: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: "${name}"`);
  if (!VALUE.test(value)) throw new TypeError(`Invalid character in the value of header "${name}"`);
  return `${name}: ${value}\r\n`;
}

/** node:http's basic authentication from a URL's user and password (each percent-decoded). */
function urlCredentials(url: URL): string {
  return Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64");
}

function requestBytes(url: URL, headers: Record<string, string>): Buffer {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  let text = `GET ${url.pathname}${url.search} HTTP/1.1\r\n`;
  // url.host leaves out a default port and keeps an IPv6 address's brackets, as a Host header wants them.
  if (!given.has("host")) text += `Host: ${url.host}\r\n`;
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() !== "connection") text += headerLine(name, value);
  if ((url.username || url.password) && !given.has("authorization"))
    text += `Authorization: Basic ${urlCredentials(url)}\r\n`;
  return Buffer.from(`${text}Connection: close\r\n\r\n`, "latin1");
}

export function prepareRequest(url: URL, headers: Record<string, string>): PreparedRequest {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TypeError(`Protocol "${url.protocol}" not supported. Expected "http:" or "https:"`);
  const secure = url.protocol === "https:";
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return {
    href: url.href,
    headers,
    bytes: requestBytes(url, headers),
    secure,
    host,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    servername: isIP(host) ? undefined : host,
    origin: url.origin,
  };
}

/**
 * A target's URL and headers are made once by its check and passed again on every attempt, so what is sent is
 * kept per URL object, and made anew only when the URL or the headers object is another.
 */
const prepared = new WeakMap<URL, PreparedRequest>();

export function requestFor(url: URL, headers: Record<string, string>): PreparedRequest {
  const known = prepared.get(url);
  if (known && known.headers === headers && known.href === url.href) return known;
  const request = prepareRequest(url, headers);
  prepared.set(url, request);
  return request;
}
