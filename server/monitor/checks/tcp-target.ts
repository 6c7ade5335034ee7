// A TCP check's YAML: `tcp: "host:port"`.
import { z } from "zod";
import type { CheckType } from "./check-type.ts";
import { tcpRunner, type TcpTarget } from "./tcp-check.ts";

/** "host:port" or "[v6]:port". */
export const hostPort = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'must be "host:port"');

export const tcpCheck: CheckType<TcpTarget, "tcp"> = {
  ...tcpRunner,
  schema: z.object({ tcp: hostPort }),
  placeholders: ["[CONNECTED]", "[RESPONSE_TIME]"],
};
