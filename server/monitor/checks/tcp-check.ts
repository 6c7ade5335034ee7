// Connectivity checks for infrastructure hosts: can a TCP connection be
// opened within the timeout. Up scores a fixed 85 (a basic check).
import { connect } from "node:net";
import type { Target } from "../services-config.ts";
import type { CheckOutcome } from "./check.ts";

type TcpTarget = Extract<Target, { tcp: string }>;

function connectOnce(host: string, port: number, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("Timed out"));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Math.round(performance.now() - started));
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(error.code ?? error.message));
    });
  });
}

export async function checkTcp(target: TcpTarget, options: { timeoutMs: number; retries: number }): Promise<CheckOutcome> {
  const split = target.tcp.lastIndexOf(":");
  const host = target.tcp.slice(0, split).replace(/^\[|\]$/g, "");
  const port = Number(target.tcp.slice(split + 1));
  const deadline = performance.now() + options.timeoutMs;
  let errorMessage = "Not checked";
  let retryAttempt = 0;
  for (let retry = 0; retry <= options.retries; retry += 1) {
    retryAttempt = retry;
    const remaining = deadline - performance.now();
    if (remaining <= 0) break;
    try {
      const responseTime = await connectOnce(host, port, remaining);
      return { status: "healthy", responseTime, errorMessage: null, retryAttempt: retry, basic: true };
    } catch (error) {
      errorMessage = (error as Error).message;
      if (errorMessage === "Timed out") break;
    }
  }
  return { status: "unhealthy", responseTime: null, errorMessage, retryAttempt, basic: true };
}
