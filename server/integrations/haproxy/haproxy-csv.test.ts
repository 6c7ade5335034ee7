// The CSV reader: properties over arbitrary input (it never throws, and it
// reads back exactly what the writer wrote), each strict error, and a sample
// written by a real HAProxy 2.6.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHaproxyCsv, parseHaproxyCsv } from "./haproxy-csv.ts";

// `curl 'http://.../stats;csv'` against HAProxy 2.6.12 (Debian 12): a stats
// listener, a frontend, a backend with a checked live server, a refused one,
// an unchecked one and one in maintenance, and a backend whose only server
// answers its HTTP check with `503 Bad, "really" bad`.
const HAPROXY_26_SAMPLE = [
  "# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight,act,bck,chkfail,chkdown,lastchg,downtime,qlimit,pid,iid,sid,throttle,lbtot,tracked,type,rate,rate_lim,rate_max,check_status,check_code,check_duration,hrsp_1xx,hrsp_2xx,hrsp_3xx,hrsp_4xx,hrsp_5xx,hrsp_other,hanafail,req_rate,req_rate_max,req_tot,cli_abrt,srv_abrt,comp_in,comp_out,comp_byp,comp_rsp,lastsess,last_chk,last_agt,qtime,ctime,rtime,ttime,agent_status,agent_code,agent_duration,check_desc,agent_desc,check_rise,check_fall,check_health,agent_rise,agent_fall,agent_health,addr,cookie,mode,algo,conn_rate,conn_rate_max,conn_tot,intercepted,dcon,dses,wrew,connect,reuse,cache_lookups,cache_hits,srv_icur,src_ilim,qtime_max,ctime_max,rtime_max,ttime_max,eint,idle_conn_cur,safe_conn_cur,used_conn_cur,need_conn_est,uweight,agg_server_status,agg_server_check_status,agg_check_status,-,ssl_sess,ssl_reused_sess,ssl_failed_handshake,h2_headers_rcvd,h2_data_rcvd,h2_settings_rcvd,h2_rst_stream_rcvd,h2_goaway_rcvd,h2_detected_conn_protocol_errors,h2_detected_strm_protocol_errors,h2_rst_stream_resp,h2_goaway_resp,h2_open_connections,h2_backend_open_streams,h2_total_connections,h2_backend_total_streams,h1_open_connections,h1_open_streams,h1_total_connections,h1_total_streams,h1_bytes_in,h1_bytes_out,h1_spliced_bytes_in,h1_spliced_bytes_out,",
  "stats,FRONTEND,,,1,1,9983,3,236,7415,0,0,0,,,,,OPEN,,,,,,,,,1,2,0,,,,0,1,0,1,,,,0,2,0,0,0,0,,1,1,3,,,0,0,0,0,,,,,,,,,,,,,,,,,,,,,http,,1,1,3,3,0,0,0,,,0,0,,,,,,,0,,,,,,,,,-,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,3,3,357,7433,0,0,",
  "stats,BACKEND,0,0,0,0,999,0,236,7415,0,0,,0,0,0,0,UP,0,0,0,,0,7,,,1,2,0,,0,,1,0,,0,,,,0,0,0,0,0,0,,,,0,0,0,0,0,0,0,0,,,0,0,0,0,,,,,,,,,,,,,,http,,,,,,,,0,0,0,0,0,,,0,0,0,0,0,,,,,0,0,0,0,-,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
  "fe,FRONTEND,,,0,0,9983,0,0,0,0,0,0,,,,,OPEN,,,,,,,,,1,3,0,,,,0,0,0,0,,,,0,0,0,0,0,0,,0,0,0,,,0,0,0,0,,,,,,,,,,,,,,,,,,,,,http,,0,0,0,0,0,0,0,,,0,0,,,,,,,0,,,,,,,,,-,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
  "be,live,0,0,0,0,,0,0,0,,0,,0,0,0,0,UP,1,1,0,0,0,7,0,,1,4,1,,0,,2,0,,0,L4OK,,0,0,0,0,0,0,0,,,,0,0,0,,,,,-1,,,0,0,0,0,,,,Layer4 check passed,,1,1,1,,,,,,http,,,,,,,,0,0,0,,,0,,0,0,0,0,0,0,0,0,1,1,,,,-,0,0,0,,,,,,,,,,,,,,,,,,,,,,",
  "be,dead,0,0,0,0,,0,0,0,,0,,0,0,0,0,DOWN,1,1,0,1,1,6,6,,1,4,2,,0,,2,0,,0,L4CON,,0,0,0,0,0,0,0,,,,0,0,0,,,,,-1,Connection refused,,0,0,0,0,,,,Layer4 connection problem,,1,1,0,,,,,,http,,,,,,,,0,0,0,,,0,,0,0,0,0,0,0,0,0,1,1,,,,-,0,0,0,,,,,,,,,,,,,,,,,,,,,,",
  "be,nc,0,0,0,0,,0,0,0,,0,,0,0,0,0,no check,1,1,0,,,7,,,1,4,3,,0,,2,0,,0,,,,0,0,0,0,0,0,,,,0,0,0,,,,,-1,,,0,0,0,0,,,,,,,,,,,,,,http,,,,,,,,0,0,0,,,0,,0,0,0,0,0,0,0,0,0,1,,,,-,0,0,0,,,,,,,,,,,,,,,,,,,,,,",
  "be,mt,0,0,0,0,,0,0,0,,0,,0,0,0,0,MAINT,1,1,0,0,0,7,7,,1,4,4,,0,,2,0,,0,,,,0,0,0,0,0,0,,,,0,0,0,,,,,-1,,,0,0,0,0,,,,,,,,,,,,,,http,,,,,,,,0,0,0,,,0,,0,0,0,0,0,0,0,0,0,1,,,,-,0,0,0,,,,,,,,,,,,,,,,,,,,,,",
  "be,BACKEND,0,0,0,0,999,0,0,0,0,0,,0,0,0,0,UP,2,2,0,,0,7,0,,1,4,0,,0,,1,0,,0,,,,0,0,0,0,0,0,,,,0,0,0,0,0,0,0,-1,,,0,0,0,0,,,,,,,,,,,,,,http,,,,,,,,0,0,0,0,0,,,0,0,0,0,0,,,,,2,0,0,0,-,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
  'b7,s7,0,0,0,0,,0,0,0,,0,,0,0,0,0,DOWN,1,1,0,1,1,5,5,,1,5,1,,0,,2,0,,0,L7STS,503,0,0,0,0,0,0,0,,,,0,0,0,,,,,-1,"Bad, ""really"" bad",,0,0,0,0,,,,Layer7 wrong status,,1,1,0,,,,,,http,,,,,,,,0,0,0,,,0,,0,0,0,0,0,0,0,0,1,1,,,,-,0,0,0,,,,,,,,,,,,,,,,,,,,,,',
  "b7,BACKEND,0,0,0,0,1,0,0,0,0,0,,0,0,0,0,DOWN,0,0,0,,1,5,5,,1,5,0,,0,,1,0,,0,,,,0,0,0,0,0,0,,,,0,0,0,0,0,0,0,-1,,,0,0,0,0,,,,,,,,,,,,,,http,,,,,,,,0,0,0,0,0,,,0,0,0,0,0,,,,,0,0,0,0,-,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,25,25,1325,450,0,0,",
  "",
].join("\n");

/** Column names HAProxy writes; pxname, svname and status are always there. */
const KNOWN_COLUMNS = [
  "qcur",
  "scur",
  "stot",
  "bin",
  "bout",
  "weight",
  "act",
  "bck",
  "lastchg",
  "type",
  "check_status",
  "req_tot",
  "last_chk",
  "-",
];

const REQUIRED_COLUMNS = ["pxname", "svname", "status"];
const extraColumn = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);

/** A header: the required columns, some known ones and some random ones, in any order. */
const columnsArbitrary = fc
  .tuple(fc.subarray(KNOWN_COLUMNS), fc.uniqueArray(extraColumn, { maxLength: 6 }))
  .map(([known, extra]) => [...new Set([...REQUIRED_COLUMNS, ...known, ...extra])])
  .chain((columns) => fc.shuffledSubarray(columns, { minLength: columns.length }));

/** Field text as HAProxy could write it: anything but a line break. */
const fieldArbitrary = (alphabet: "plain" | "quoting") =>
  alphabet === "plain"
    ? fc.string({ maxLength: 12 }).filter((value) => !/[,\r\n]/.test(value))
    : fc.string({ maxLength: 12, unit: fc.constantFrom("a", "Z", "0", " ", ",", '"', "*", "/", "é") });

function tableArbitrary(alphabet: "plain" | "quoting") {
  return columnsArbitrary.chain((columns) =>
    fc
      .array(
        fc
          .tuple(...columns.map(() => fieldArbitrary(alphabet)))
          .map((values) => Object.fromEntries(columns.map((column, index) => [column, values[index] ?? ""]))),
        { maxLength: 8 },
      )
      .map((rows) => ({ columns, rows })),
  );
}

function plain(rows: Record<string, string>[]): Record<string, string>[] {
  return rows.map((row) => ({ ...row }));
}

describe("parseHaproxyCsv properties", () => {
  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const result = parseHaproxyCsv(text);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.error).not.toBe("");
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on arbitrary lines of commas, quotes and names", () => {
    const unit = fc.constantFrom(",", ",", '"', "pxname", "svname", "# ", "\n", "\r\n", "x", "");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), fc.boolean(), (units, withHeader) => {
        const text = `${withHeader ? "# pxname,svname,status,\n" : ""}${units.join("")}`;
        const result = parseHaproxyCsv(text);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("reads back exactly what formatHaproxyCsv wrote (values without commas or line breaks)", () => {
    fc.assert(
      fc.property(tableArbitrary("plain"), ({ columns, rows }) => {
        expect(parseHaproxyCsv(formatHaproxyCsv(columns, rows))).toEqual({ ok: true, columns, rows });
      }),
      { numRuns: 500 },
    );
  });

  it("reads back values with commas and quotes, which HAProxy quotes", () => {
    fc.assert(
      fc.property(tableArbitrary("quoting"), ({ columns, rows }) => {
        const parsed = parseHaproxyCsv(formatHaproxyCsv(columns, rows));
        expect(parsed.ok && plain(parsed.rows)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it("reads CRLF line ends and a missing trailing comma the same", () => {
    fc.assert(
      fc.property(tableArbitrary("plain"), ({ columns, rows }) => {
        const text = formatHaproxyCsv(columns, rows);
        const variant = text.replace(/,\n/g, "\r\n");
        expect(parseHaproxyCsv(variant)).toEqual(parseHaproxyCsv(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseHaproxyCsv examples", () => {
  it("reads a real HAProxy 2.6 answer by column name", () => {
    const result = parseHaproxyCsv(HAPROXY_26_SAMPLE);
    if (!result.ok) throw new Error(result.error);
    expect(result.columns).toHaveLength(128);
    expect(result.columns.slice(0, 2)).toEqual(["pxname", "svname"]);
    expect(result.columns[result.columns.length - 1]).toBe("h1_spliced_bytes_out");
    expect(result.rows.map((row) => `${row.pxname}/${row.svname}=${row.status}`)).toEqual([
      "stats/FRONTEND=OPEN",
      "stats/BACKEND=UP",
      "fe/FRONTEND=OPEN",
      "be/live=UP",
      "be/dead=DOWN",
      "be/nc=no check",
      "be/mt=MAINT",
      "be/BACKEND=UP",
      "b7/s7=DOWN",
      "b7/BACKEND=DOWN",
    ]);
    const dead = result.rows[4];
    expect(dead).toMatchObject({
      check_status: "L4CON",
      last_chk: "Connection refused",
      type: "2",
      act: "1",
      "-": "-",
    });
    expect(result.rows[8]).toMatchObject({
      check_status: "L7STS",
      check_code: "503",
      last_chk: 'Bad, "really" bad',
      check_desc: "Layer7 wrong status",
    });
    expect(result.rows[2]).toMatchObject({ req_tot: "0", type: "0", mode: "http" });
  });

  it("reads the socket's answer, which ends with a blank line", () => {
    const result = parseHaproxyCsv("# pxname,svname,status,\nfe,FRONTEND,OPEN,\n\n");
    expect(result).toEqual({
      ok: true,
      columns: ["pxname", "svname", "status"],
      rows: [{ pxname: "fe", svname: "FRONTEND", status: "OPEN" }],
    });
  });

  it("fills the last columns of a shorter row with empty text", () => {
    const result = parseHaproxyCsv("# pxname,svname,status,scur\nfe,FRONTEND");
    expect(result.ok && plain(result.rows)).toEqual([{ pxname: "fe", svname: "FRONTEND", status: "", scur: "" }]);
  });

  it("keeps a column named like an Object property as a plain column", () => {
    const result = parseHaproxyCsv("# pxname,svname,__proto__,constructor\na,b,c,d\n");
    expect(result.ok && result.rows[0]?.["__proto__"]).toBe("c");
    expect(result.ok && result.rows[0]?.["constructor"]).toBe("d");
    expect(result.ok && result.rows[0]?.["toString"]).toBeUndefined();
  });

  const errors: [string, string, RegExp][] = [
    ["empty text", "", /^empty answer/],
    ["only blank lines", "\n\n", /^empty answer/],
    [
      "no header line",
      "fe,FRONTEND,OPEN,\n",
      /^no header line: the first line must start with "# ", got "fe,FRONTEND,OPEN,"/,
    ],
    ["an HTML page", "<html><body>Statistics Report</body></html>", /^no header line/],
    ["a header without the space", "#pxname,svname\n", /^no header line/],
    ["no pxname column", "# svname,status,\nFRONTEND,OPEN,\n", /^header: no "pxname" column$/],
    ["no svname column", "# pxname,status,\nfe,OPEN,\n", /^header: no "svname" column$/],
    ["neither", "# status\nOPEN\n", /^header: no "pxname" or "svname" column$/],
    ["an empty column name", "# pxname,,svname\n", /^header: empty column name at position 2$/],
    ["a duplicate column", "# pxname,svname,pxname\n", /^header: duplicate column "pxname"$/],
    [
      "a row with more fields than the header",
      "# pxname,svname,status,\nfe,FRONTEND,OPEN,extra,\n",
      /^line 2: 4 fields, but the header has 3 columns$/,
    ],
    [
      "two trailing commas",
      "# pxname,svname,status,\nfe,FRONTEND,OPEN,,\n",
      /^line 2: 4 fields, but the header has 3 columns$/,
    ],
    ["a blank line inside", "# pxname,svname\nfe,FRONTEND\n\nbe,BACKEND\n", /^line 3: empty line before the end$/],
    [
      "an unterminated quote",
      '# pxname,svname,last_chk\nbe,s1,"Bad, bad\n',
      /^line 2: unterminated quoted field at character 7$/,
    ],
    [
      "text after a closing quote",
      '# pxname,svname,last_chk\nbe,s1,"Bad"x\n',
      /^line 2: unexpected text after a quoted field/,
    ],
  ];
  it.each(errors)("rejects %s", (_, text, message) => {
    const result = parseHaproxyCsv(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(message);
  });

  it("rejects what is not text at all, without throwing", () => {
    expect(parseHaproxyCsv(undefined as unknown as string)).toEqual({ ok: false, error: "not text" });
  });
});

describe("formatHaproxyCsv", () => {
  it("writes HAProxy's shape: a header with a trailing comma, quoted fields where needed", () => {
    expect(
      formatHaproxyCsv(
        ["pxname", "svname", "last_chk"],
        [{ pxname: "be", svname: "s1", last_chk: 'Bad, "really" bad' }],
      ),
    ).toBe('# pxname,svname,last_chk,\nbe,s1,"Bad, ""really"" bad",\n');
  });

  it("refuses what HAProxy could not write", () => {
    expect(() => formatHaproxyCsv(["pxname", "svname"], [{ pxname: "a\nb", svname: "x" }])).toThrow(RangeError);
    expect(() => formatHaproxyCsv(["pxname", "a,b"], [])).toThrow(RangeError);
  });
});
