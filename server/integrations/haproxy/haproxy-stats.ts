// Reads HAProxy's statistics once, from the stats page (HTTP, "<uri>;csv")
// or the runtime socket ("show stat"), and turns the CSV into frontends,
// backends and servers for the dashboard. Both ways are bounded: one
// deadline and a size cap, so a hung or hostile peer gives a short error
// (an IntegrationError), never a hang or an unbounded read. HAProxy's status
// text is kept exactly as written; `display` is the dashboard's reading of it
// (shared/monitor/haproxy-status.ts).
import { connect } from "node:net";
import { haproxyDisplay, type HaproxyDisplay } from "#shared/monitor/haproxy-status.ts";
import { basicAuth, fetchText, IntegrationError } from "#server/net/fetch-text.ts";
import type { HaproxySource } from "#server/integrations/integrations-config.ts";
import { parseHaproxyCsv } from "./haproxy-csv.ts";

export type HaproxyFrontend = {
  name: string;
  /** HAProxy's text: OPEN, STOP or PAUSED. */
  status: string;
  display: HaproxyDisplay;
  /** Current sessions (scur). */
  sessions: number;
  /** HTTP requests since start (req_tot); sessions (stot) for a TCP frontend, which counts no requests. */
  requests: number;
};

export type HaproxyBackend = {
  name: string;
  /** HAProxy's text: UP or DOWN. */
  status: string;
  display: HaproxyDisplay;
  /** Active servers that are up (act). */
  activeServers: number;
  /** Server rows of this backend, whatever their state. */
  servers: number;
};

export type HaproxyServer = {
  name: string;
  backend: string;
  /** HAProxy's text, e.g. "UP", "UP 2/3", "DOWN", "MAINT", "no check". */
  status: string;
  display: HaproxyDisplay;
  /** Current sessions (scur). */
  sessions: number;
  bytesIn: number;
  bytesOut: number;
  /** The last check's reason text (last_chk), e.g. "Connection refused"; null when there is none. */
  lastCheck: string | null;
  /** The last check's result code (L4OK, L7OK, L4CON, ...); null when the server is not checked. */
  checkStatus: string | null;
  /** Seconds since the last UP/DOWN change (lastchg); null when HAProxy gives none. */
  lastChangeSeconds: number | null;
};

export type HaproxyStats = { frontends: HaproxyFrontend[]; backends: HaproxyBackend[]; servers: HaproxyServer[] };

/** One reading as stored: the statistics, or why they could not be read. */
export type HaproxySnapshot = { ok: true; stats: HaproxyStats } | { ok: false; error: string };

/** A busy HAProxy with thousands of servers writes a few MB; far more is something else. */
const MAX_BYTES = 8 * 1024 * 1024;

function statsUrl(url: string): string {
  // A fragment never reaches the server, so ";csv" must go before it.
  const bare = url.split("#")[0] ?? url;
  return bare.endsWith(";csv") ? bare : `${bare};csv`;
}

async function readHttp(source: Extract<HaproxySource, { url: string }>, timeoutMs: number): Promise<string> {
  const headers: Record<string, string> = {};
  if (source.username !== undefined) headers.Authorization = basicAuth(source.username, source.password ?? "");
  const { text } = await fetchText(statsUrl(source.url), { timeoutMs, headers, maxBytes: MAX_BYTES });
  return text;
}

/** Why the socket failed, in a few words; the path is named where it is the likely mistake. */
function socketError(error: NodeJS.ErrnoException, path: string): string {
  if (error.code === "ENOENT") return `ENOENT: no socket at ${path}`;
  if (error.code === "EACCES") return `EACCES: no permission to use ${path}`;
  return error.code ?? error.message;
}

/** "show stat" on the runtime socket: HAProxy answers and closes (non-interactive mode). */
function readSocket(path: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = connect({ path });
    // One deadline for connecting, asking and reading, as for HTTP.
    const timer = setTimeout(() => finish(new IntegrationError(`Timed out after ${timeoutMs} ms`)), timeoutMs);
    const finish = (error: IntegrationError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString("utf8"));
    };
    socket.once("connect", () => socket.write("show stat\n"));
    socket.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BYTES) return finish(new IntegrationError(`Stats larger than ${MAX_BYTES / 1024 / 1024} MB`));
      chunks.push(chunk);
    });
    socket.once("end", () => finish(null));
    socket.once("close", () => finish(null)); // closed without an error: all that came is the answer
    socket.once("error", (error: NodeJS.ErrnoException) => finish(new IntegrationError(socketError(error, path))));
  });
}

type Row = Record<string, string>;

/** A counter: empty (not applicable to this row, or unknown to this version) is 0. */
function count(row: Row, column: string): number {
  return numberOrNull(row, column) ?? 0;
}

/** A number HAProxy may leave empty; anything else that is not an integer is malformed. */
function numberOrNull(row: Row, column: string): number | null {
  const text = row[column] ?? "";
  if (text === "") return null;
  if (!/^-?\d{1,16}$/.test(text)) {
    throw new IntegrationError(
      `Malformed stats: ${column} of ${row.pxname}/${row.svname} is ${JSON.stringify(text.slice(0, 20))}, not a number`,
    );
  }
  return Number(text);
}

function textOrNull(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value;
}

/** 0 frontend, 1 backend, 2 server, 3 listener; by svname where the type column is missing. */
function rowType(row: Row): string {
  const type = row.type ?? "";
  if (type !== "") return type;
  return row.svname === "FRONTEND" ? "0" : row.svname === "BACKEND" ? "1" : "2";
}

/** The rows of one CSV answer, mapped; throws an IntegrationError on a malformed value. */
function toStats(rows: Row[]): HaproxyStats {
  const frontends: HaproxyFrontend[] = [];
  const backendRows: Row[] = [];
  const servers: HaproxyServer[] = [];
  for (const row of rows) {
    const name = row.pxname ?? "";
    const status = row.status ?? "";
    const display = haproxyDisplay(status);
    switch (rowType(row)) {
      case "0": {
        // A TCP frontend leaves req_tot empty: its sessions are its requests.
        const requests = row.req_tot ? count(row, "req_tot") : count(row, "stot");
        frontends.push({ name, status, display, sessions: count(row, "scur"), requests });
        break;
      }
      case "1":
        backendRows.push(row);
        break;
      case "2":
        servers.push({
          name: row.svname ?? "",
          backend: name,
          status,
          display,
          sessions: count(row, "scur"),
          bytesIn: count(row, "bin"),
          bytesOut: count(row, "bout"),
          lastCheck: textOrNull(row.last_chk),
          // "* L4OK": the asterisk only says a check is running right now.
          checkStatus: textOrNull(row.check_status?.replace(/^\* /, "")),
          lastChangeSeconds: numberOrNull(row, "lastchg"),
        });
        break;
      default:
        break; // listeners (3) and any type a later version adds
    }
  }
  const serverCounts = new Map<string, number>();
  for (const server of servers) serverCounts.set(server.backend, (serverCounts.get(server.backend) ?? 0) + 1);
  const backends = backendRows.map((row): HaproxyBackend => {
    const name = row.pxname ?? "";
    const status = row.status ?? "";
    return {
      name,
      status,
      display: haproxyDisplay(status),
      activeServers: count(row, "act"),
      servers: serverCounts.get(name) ?? 0,
    };
  });
  return { frontends, backends, servers };
}

export async function readHaproxyStats(source: HaproxySource, options: { timeoutMs: number }): Promise<HaproxyStats> {
  const text =
    "socket" in source ? await readSocket(source.socket, options.timeoutMs) : await readHttp(source, options.timeoutMs);
  // An empty answer says so (a proxy in between that lost the body), rather than "no proxies".
  if (text.trim() === "") throw new IntegrationError("No data received from HAProxy stats proxy");
  const csv = parseHaproxyCsv(text);
  if (!csv.ok) throw new IntegrationError(`Malformed stats: ${csv.error}`);
  return toStats(csv.rows);
}
