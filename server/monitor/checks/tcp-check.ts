// Connectivity checks for infrastructure hosts: can a TCP connection be
// opened within the timeout. Up scores a fixed 85 (a basic check).
import { connect } from "node:net";
import type { CheckRun, CheckRunner } from "./check-type.ts";

export function splitHostPort(text: string): { host: string; port: number } {
  const split = text.lastIndexOf(":");
  return { host: text.slice(0, split).replace(/^\[|\]$/g, ""), port: Number(text.slice(split + 1)) };
}

export type TcpTarget = { tcp: string };

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

async function run(target: TcpTarget, context: { timeoutMs: number; retries: number }): Promise<CheckRun> {
  const { host, port } = splitHostPort(target.tcp);
  const deadline = performance.now() + context.timeoutMs;
  let errorMessage = "Not checked";
  let retryAttempt = 0;
  for (let retry = 0; retry <= context.retries; retry += 1) {
    retryAttempt = retry;
    const remaining = deadline - performance.now();
    if (remaining <= 0) break;
    try {
      const responseTime = await connectOnce(host, port, remaining);
      return {
        status: "healthy",
        responseTime,
        errorMessage: null,
        retryAttempt: retry,
        basic: true,
        observation: { connected: true, responseTimeMs: responseTime },
      };
    } catch (error) {
      errorMessage = (error as Error).message;
      if (errorMessage === "Timed out") break;
    }
  }
  return {
    status: "unhealthy",
    responseTime: null,
    errorMessage,
    retryAttempt,
    basic: true,
    observation: { connected: false },
  };
}

export const tcpRunner: CheckRunner<TcpTarget, "tcp"> = {
  key: "tcp",
  runsAt: "any-location",
  describe: (target) => `TCP ${target.tcp}`,
  connectsTo: (target) => splitHostPort(target.tcp).host,
  run,
};
