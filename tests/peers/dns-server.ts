// A small authoritative DNS server on loopback UDP (Node's dgram), for the DNS
// check's tests: it answers the records it is given, NXDOMAIN for names it
// does not know, an empty NOERROR for a known name without the asked type,
// chosen answer codes for names set to fail, and nothing at all for names set
// to hang (a timeout).
import { createSocket } from "node:dgram";
import { isIPv4, isIPv6 } from "node:net";

const TYPES = { A: 1, NS: 2, CNAME: 5, MX: 15, TXT: 16, AAAA: 28, SRV: 33 } as const;
type RecordType = keyof typeof TYPES;
const RCODES = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

export type DnsZone = {
  /** "name|TYPE" -> answers as written in a zone: "192.0.2.1", "10 mx.example.test", "0 5 443 svc.example.test". */
  records: Record<string, string[]>;
  /** Names answered with this code whatever the type. */
  failing?: Record<string, keyof typeof RCODES>;
  /** Names never answered. */
  silent?: string[];
};

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "ascii")])),
    Buffer.from([0]),
  ]);
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return Buffer.concat(groups.map((group) => u16(parseInt(group, 16))));
}

function rdata(type: RecordType, value: string): Buffer {
  const parts = value.split(" ");
  switch (type) {
    case "A":
      if (!isIPv4(value)) throw new Error(`not an IPv4 address: ${value}`);
      return Buffer.from(value.split(".").map(Number));
    case "AAAA":
      if (!isIPv6(value)) throw new Error(`not an IPv6 address: ${value}`);
      return ipv6Bytes(value);
    case "NS":
    case "CNAME":
      return encodeName(value);
    case "MX":
      return Buffer.concat([u16(Number(parts[0])), encodeName(parts[1]!)]);
    case "TXT":
      return Buffer.concat([Buffer.from([Buffer.byteLength(value)]), Buffer.from(value)]);
    case "SRV":
      return Buffer.concat([
        u16(Number(parts[0])),
        u16(Number(parts[1])),
        u16(Number(parts[2])),
        encodeName(parts[3]!),
      ]);
  }
}

/** The question's name (lower case), type and the byte after the question. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  let offset = 12;
  const labels: string[] = [];
  while (message[offset]! !== 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString("ascii"));
    offset += 1 + length;
  }
  offset += 1;
  return { name: labels.join(".").toLowerCase(), type: message.readUInt16BE(offset), end: offset + 4 };
}

export async function startDnsServer(
  zone: DnsZone,
): Promise<{ address: string; port: number; queries: number; close: () => Promise<void> }> {
  const socket = createSocket("udp4");
  const known = new Set(Object.keys(zone.records).map((key) => key.split("|")[0]!.toLowerCase()));
  const state = { queries: 0 };
  socket.on("message", (message, from) => {
    state.queries += 1;
    if (message.length < 17) return;
    const { name, type, end } = readQuestion(message);
    if (zone.silent?.includes(name)) return;
    const typeName = (Object.keys(TYPES) as RecordType[]).find((key) => TYPES[key] === type);
    const values = typeName ? (zone.records[`${name}|${typeName}`] ?? []) : [];
    const rcode = zone.failing?.[name]
      ? RCODES[zone.failing[name]]
      : known.has(name)
        ? RCODES.NOERROR
        : RCODES.NXDOMAIN;
    const answers = rcode === RCODES.NOERROR && typeName ? values.map((value) => rdata(typeName, value)) : [];
    const recursionDesired = message[2]! & 0x01;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8400 | (recursionDesired << 8) | 0x0080 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((data) =>
      Buffer.concat([u16(0xc00c), u16(type), u16(1), Buffer.from([0, 0, 0, 60]), u16(data.length), data]),
    );
    socket.send(Buffer.concat([header, message.subarray(12, end), ...records]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: "127.0.0.1",
    port: socket.address().port,
    get queries() {
      return state.queries;
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
