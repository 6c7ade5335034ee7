// AI services health (the dashboard's "AI services health" object). An Ollama
// server is asked for its version (reachability and latency) and its model
// list; an optional tiny generate call measures tokens per second (off by
// default: it loads a model into memory). Other AI services are a plain
// health URL. Nothing here throws: a dead or hostile peer is an unhealthy
// item with its reason.
import {
  combineStatus,
  defaultScore,
  normalizeStatus,
  responseTimeScore,
  type HealthStatus,
} from "#shared/monitor/health.ts";
import { fetchText, IntegrationError } from "#server/net/fetch-text.ts";
import type { AiServiceConfig, AiServicesConfig } from "#server/integrations/integrations-config.ts";

export type AiServiceHealth = {
  service: string;
  status: HealthStatus;
  healthScore: number;
  responseTime: number | null;
  lastChecked: string;
  details: { model: string | null; tokensPerSec: number | null; models: string[]; error: string | null };
};

export type AiServicesHealth = {
  timestamp: string;
  overallStatus: HealthStatus | "unknown";
  services: AiServiceHealth[];
  summary: {
    totalServices: number;
    healthyServices: number;
    unhealthyServices: number;
    degradedServices: number;
    averageResponseTime: number;
  };
};

/** What the panel shows when nothing could be read: unhealthy, every count zero. */
export function emptyAiHealth(at: number): AiServicesHealth {
  return {
    timestamp: new Date(at).toISOString(),
    overallStatus: "unhealthy",
    services: [],
    summary: {
      totalServices: 0,
      healthyServices: 0,
      unhealthyServices: 0,
      degradedServices: 0,
      averageResponseTime: 0,
    },
  };
}

const MAX_MODELS = 500;
const reason = (error: unknown) =>
  error instanceof IntegrationError ? error.message : error instanceof Error ? error.message : String(error);
const base = (url: string) => url.replace(/\/+$/, "");

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new IntegrationError(`${what}: not JSON`);
  }
}

/** Model names from /api/tags ({ models: [{ name }] }); anything else is an error. */
export function modelNames(body: unknown): string[] {
  const models = (body as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) throw new IntegrationError("/api/tags: no model list");
  return models
    .map((model: unknown) => (model as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === "string" && name.length > 0 && name.length <= 200)
    .slice(0, MAX_MODELS);
}

/** Tokens per second from a non-streamed /api/generate answer (eval_duration is in nanoseconds). */
export function tokensPerSecond(body: unknown): number | null {
  const { eval_count: count, eval_duration: duration } = (body ?? {}) as {
    eval_count?: unknown;
    eval_duration?: unknown;
  };
  if (typeof count !== "number" || typeof duration !== "number" || !(duration > 0) || !(count >= 0)) return null;
  return Math.round((count / (duration / 1e9)) * 10) / 10;
}

function item(
  service: string,
  status: HealthStatus,
  responseTime: number | null,
  at: number,
  details: Partial<AiServiceHealth["details"]>,
): AiServiceHealth {
  return {
    service,
    status,
    healthScore: status === "healthy" && responseTime !== null ? responseTimeScore(responseTime) : defaultScore(status),
    responseTime,
    lastChecked: new Date(at).toISOString(),
    details: { model: null, tokensPerSec: null, models: [], error: null, ...details },
  };
}

async function checkOllama(
  service: Extract<AiServiceConfig, { type: "ollama" }>,
  config: AiServicesConfig,
  now: () => number,
): Promise<AiServiceHealth> {
  const url = base(service.url);
  let responseTime: number;
  try {
    const version = await fetchText(`${url}/api/version`, {
      timeoutMs: config.timeoutMs,
      maxBytes: 16 * 1024,
      headers: { Accept: "application/json" },
    });
    responseTime = version.ms;
    if (typeof (parseJson(version.text, "/api/version") as { version?: unknown } | null)?.version !== "string")
      throw new IntegrationError("/api/version: no version");
  } catch (error) {
    return item(service.name, "unhealthy", null, now(), { model: service.probe?.model ?? null, error: reason(error) });
  }
  // Reachable from here on: a missing model list or a failed probe is degraded, not down.
  let models: string[];
  try {
    const tags = await fetchText(`${url}/api/tags`, {
      timeoutMs: config.timeoutMs,
      maxBytes: 1024 * 1024,
      headers: { Accept: "application/json" },
    });
    models = modelNames(parseJson(tags.text, "/api/tags"));
  } catch (error) {
    return item(service.name, "degraded", responseTime, now(), {
      model: service.probe?.model ?? null,
      error: reason(error),
    });
  }
  const model = service.probe?.model ?? models[0] ?? null;
  if (service.probe && !models.includes(service.probe.model)) {
    return item(service.name, "degraded", responseTime, now(), {
      model,
      models,
      error: `Model ${service.probe.model} is not installed`,
    });
  }
  let tokensPerSec: number | null = null;
  if (service.probe) {
    try {
      const generated = await fetchText(`${url}/api/generate`, {
        method: "POST",
        timeoutMs: config.probeTimeoutMs,
        maxBytes: 256 * 1024,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          model: service.probe.model,
          prompt: service.probe.prompt,
          stream: false,
          options: { num_predict: 8 },
        }),
      });
      tokensPerSec = tokensPerSecond(parseJson(generated.text, "/api/generate"));
      if (tokensPerSec === null) throw new IntegrationError("/api/generate: no token counts");
    } catch (error) {
      return item(service.name, "degraded", responseTime, now(), {
        model,
        models,
        error: `Probe failed: ${reason(error)}`,
      });
    }
  }
  return item(service.name, models.length === 0 ? "degraded" : "healthy", responseTime, now(), {
    model,
    models,
    tokensPerSec,
    error: models.length === 0 ? "No models installed" : null,
  });
}

async function checkHttp(
  service: Extract<AiServiceConfig, { type: "http" }>,
  config: AiServicesConfig,
  now: () => number,
): Promise<AiServiceHealth> {
  try {
    const answer = await fetchText(service.url, {
      timeoutMs: config.timeoutMs,
      maxBytes: 64 * 1024,
      headers: { Accept: "application/json" },
    });
    let status: HealthStatus = "healthy";
    try {
      const reported = (JSON.parse(answer.text) as { status?: unknown } | null)?.status;
      if (reported !== undefined) status = normalizeStatus(reported);
    } catch {
      // Not JSON: the 2xx is the answer.
    }
    return item(service.name, status, answer.ms, now(), {
      model: service.model ?? null,
      error: status === "healthy" ? null : "Service reports it is not healthy",
    });
  } catch (error) {
    return item(service.name, "unhealthy", null, now(), { model: service.model ?? null, error: reason(error) });
  }
}

export async function readAiServices(config: AiServicesConfig, now: () => number): Promise<AiServicesHealth> {
  const services = await Promise.all(
    config.services.map((service) =>
      service.type === "ollama" ? checkOllama(service, config, now) : checkHttp(service, config, now),
    ),
  );
  if (services.length === 0) return emptyAiHealth(now());
  const count = (status: HealthStatus) => services.filter((service) => service.status === status).length;
  const times = services.map((service) => service.responseTime).filter((ms): ms is number => ms !== null);
  return {
    timestamp: new Date(now()).toISOString(),
    overallStatus: combineStatus(services.map((service) => service.status)),
    services,
    summary: {
      totalServices: services.length,
      healthyServices: count("healthy"),
      unhealthyServices: count("unhealthy"),
      degradedServices: count("degraded"),
      averageResponseTime: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : 0,
    },
  };
}
