import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiServicesConfig } from "#server/integrations/integrations-config.ts";
import { emptyAiHealth, modelNames, readAiServices, tokensPerSecond } from "./ai-health.ts";
import { startOllamaCompatible, type OllamaCompatible } from "#scripts/fleet/ollama.ts";

const config = (services: AiServicesConfig["services"], timeoutMs = 1000): AiServicesConfig => ({
  intervalSeconds: 120,
  timeoutMs,
  probeTimeoutMs: timeoutMs,
  services,
});

describe("AI services health against an Ollama-compatible server", () => {
  let ollama: OllamaCompatible;
  beforeAll(async () => {
    ollama = await startOllamaCompatible();
  });
  afterAll(() => ollama.close());

  it("reads the version and the models, and counts a healthy service", async () => {
    ollama.behaviour.mode = "ok";
    const health = await readAiServices(config([{ type: "ollama", name: "Local LLM", url: ollama.url }]), Date.now);
    expect(health.overallStatus).toBe("healthy");
    const [service] = health.services;
    expect(service).toMatchObject({
      service: "Local LLM",
      status: "healthy",
      details: { model: "llama3.2:3b", tokensPerSec: null, error: null },
    });
    expect(service!.details.models).toEqual(["llama3.2:3b", "mistral:7b", "nomic-embed-text:latest"]);
    expect(service!.healthScore).toBeGreaterThanOrEqual(75);
    expect(health.summary).toMatchObject({
      totalServices: 1,
      healthyServices: 1,
      unhealthyServices: 0,
      degradedServices: 0,
    });
    // The probe is off by default: no generate call was made.
    expect(ollama.requests.some((line) => line.includes("/api/generate"))).toBe(false);
  });

  it("measures tokens per second with the probe turned on", async () => {
    ollama.behaviour.tokensPerSec = 25;
    const health = await readAiServices(
      config([{ type: "ollama", name: "LLM", url: ollama.url, probe: { model: "mistral:7b", prompt: "Say OK." } }]),
      Date.now,
    );
    expect(health.services[0]).toMatchObject({ status: "healthy", details: { model: "mistral:7b", tokensPerSec: 25 } });
  });

  it("a probe model that is not installed makes the service degraded", async () => {
    const health = await readAiServices(
      config([{ type: "ollama", name: "LLM", url: ollama.url, probe: { model: "absent:1b", prompt: "x" } }]),
      Date.now,
    );
    expect(health.services[0]).toMatchObject({
      status: "degraded",
      details: { error: "Model absent:1b is not installed" },
    });
    expect(health.overallStatus).toBe("degraded");
  });

  it("no models installed is degraded; an erroring server is unhealthy with its reason", async () => {
    ollama.behaviour.models = [];
    let health = await readAiServices(config([{ type: "ollama", name: "LLM", url: ollama.url }]), Date.now);
    expect(health.services[0]).toMatchObject({ status: "degraded", details: { error: "No models installed" } });
    ollama.behaviour.mode = "error";
    health = await readAiServices(config([{ type: "ollama", name: "LLM", url: ollama.url }]), Date.now);
    expect(health.services[0]).toMatchObject({
      status: "unhealthy",
      healthScore: 0,
      responseTime: null,
      details: { error: "HTTP 500" },
    });
    ollama.behaviour.mode = "garbage";
    health = await readAiServices(config([{ type: "ollama", name: "LLM", url: ollama.url }]), Date.now);
    expect(health.services[0]).toMatchObject({ status: "unhealthy", details: { error: "/api/version: not JSON" } });
    ollama.behaviour.mode = "ok";
    ollama.behaviour.models = ["llama3.2:3b"];
  });

  it("a peer that never answers is unhealthy within its timeout", async () => {
    ollama.behaviour.mode = "hang";
    const started = Date.now();
    const health = await readAiServices(config([{ type: "ollama", name: "LLM", url: ollama.url }], 300), Date.now);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(health.services[0]).toMatchObject({ status: "unhealthy", details: { error: "Timed out after 300 ms" } });
    ollama.behaviour.mode = "ok";
  });

  it(
    "http services: a 2xx is healthy, a reported status counts, a " + "refused port is unhealthy; the summary adds up",
    async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const deadPort = (closed.address() as { port: number }).port;
      await new Promise((resolve) => closed.close(resolve));
      const health = await readAiServices(
        config([
          { type: "ollama", name: "LLM", url: ollama.url },
          { type: "http", name: "Version", url: `${ollama.url}/api/version`, model: "sentiment-v2" },
          { type: "http", name: "Dead", url: `http://127.0.0.1:${deadPort}/health` },
        ]),
        Date.now,
      );
      expect(health.services.map((service) => service.status)).toEqual(["healthy", "healthy", "unhealthy"]);
      expect(health.services[1]!.details.model).toBe("sentiment-v2");
      expect(health.services[2]!.details.error).toMatch(/ECONNREFUSED/);
      expect(health.overallStatus).toBe("unhealthy");
      expect(health.summary).toMatchObject({
        totalServices: 3,
        healthyServices: 2,
        unhealthyServices: 1,
        degradedServices: 0,
      });
      expect(health.summary.averageResponseTime).toBeGreaterThanOrEqual(0);
    },
  );
});

describe("AI health pieces", () => {
  it("the empty result is unhealthy with zero counts", () => {
    expect(emptyAiHealth(0)).toEqual({
      timestamp: "1970-01-01T00:00:00.000Z",
      overallStatus: "unhealthy",
      services: [],
      summary: {
        totalServices: 0,
        healthyServices: 0,
        unhealthyServices: 0,
        degradedServices: 0,
        averageResponseTime: 0,
      },
    });
  });
  it("reads model names and refuses other shapes", () => {
    expect(modelNames({ models: [{ name: "a" }, { name: 3 }, {}, { name: "b" }] })).toEqual(["a", "b"]);
    expect(() => modelNames({ models: "x" })).toThrow("/api/tags: no model list");
    expect(() => modelNames(null)).toThrow("/api/tags: no model list");
  });
  it("tokens per second from eval counts; nonsense gives null", () => {
    expect(tokensPerSecond({ eval_count: 10, eval_duration: 500_000_000 })).toBe(20);
    expect(tokensPerSecond({ eval_count: 10, eval_duration: 0 })).toBeNull();
    expect(tokensPerSecond({ eval_count: "10", eval_duration: 1 })).toBeNull();
    expect(tokensPerSecond(undefined)).toBeNull();
  });
});
