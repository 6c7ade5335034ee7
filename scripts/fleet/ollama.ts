// A small server that speaks the part of Ollama's HTTP API the monitor reads
// (/api/version, /api/tags, /api/generate). A real Ollama needs model weights,
// which tests and the demo fleet cannot fetch; this answers the same shapes,
// and can be told to fail, stall or lose its models.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type OllamaBehaviour = {
  models: string[];
  /** Tokens per second a generate call reports. */
  tokensPerSec: number;
  /** "ok", or how to misbehave. */
  mode: "ok" | "error" | "hang" | "garbage";
  /** Added to every answer. */
  delayMs: number;
};

export type OllamaCompatible = {
  url: string;
  port: number;
  behaviour: OllamaBehaviour;
  requests: string[];
  close(): Promise<void>;
};

export async function startOllamaCompatible(
  initial: Partial<OllamaBehaviour> = {},
  port = 0,
): Promise<OllamaCompatible> {
  const behaviour: OllamaBehaviour = {
    models: ["llama3.2:3b", "mistral:7b", "nomic-embed-text:latest"],
    tokensPerSec: 42,
    mode: "ok",
    delayMs: 0,
    ...initial,
  };
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    if (behaviour.mode === "hang") return; // never answers; the client's deadline must end it
    setTimeout(() => {
      if (behaviour.mode === "error") return void response.writeHead(500).end("internal error");
      if (behaviour.mode === "garbage")
        return void response.writeHead(200, { "Content-Type": "application/json" }).end("{not json");
      const json = (body: unknown) =>
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (request.url === "/api/version") return void json({ version: "0.5.7" });
      if (request.url === "/api/tags") {
        return void json({
          models: behaviour.models.map((name) => ({
            name,
            model: name,
            size: 2_000_000_000,
            details: { family: name.split(":")[0] },
          })),
        });
      }
      if (request.url === "/api/generate" && request.method === "POST") {
        const evalCount = 8;
        return void json({
          model: behaviour.models[0],
          response: "OK.",
          done: true,
          eval_count: evalCount,
          eval_duration: Math.round((evalCount / behaviour.tokensPerSec) * 1e9),
        });
      }
      response.writeHead(404).end("404 page not found");
    }, behaviour.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    behaviour,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
