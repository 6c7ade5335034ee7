// The integrations' part of the monitoring configuration (`integrations:` in
// monitoring.yaml): certificates, nginx stub_status, HAProxy stats and AI
// services. Every section is optional; an absent one is simply not shown.
import { z } from "zod";
import { DOMAIN_NAME } from "#server/net/domain-name.ts";

const HOST_NAMES = ["centron", "local"] as const;
const seconds = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);
const timeoutMs = z.number().int().min(100).max(60_000);
const httpUrl = z.url({ protocol: /^https?$/, error: "Invalid URL" });
const domainName = z.string().max(253).regex(DOMAIN_NAME, "must be a domain name");
const ipOrHost = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:_-]+$/, "must be an IP address or a host name");

const certificate = z
  .object({
    domain: domainName,
    server: z.enum(HOST_NAMES),
    serverIP: ipOrHost,
    port: z.number().int().min(1).max(65_535).default(443),
  })
  .strict();
export type CertificateTarget = z.infer<typeof certificate>;

/** How a server's certificates are renewed: by this server over ACME, or by a hook on the host itself. */
const renewal = z.discriminatedUnion("method", [
  z.object({ method: z.literal("acme") }).strict(),
  z
    .object({ method: z.literal("hook"), url: httpUrl, token: z.string().min(16, "must be at least 16 characters") })
    .strict(),
  z.object({ method: z.literal("none") }).strict(),
]);
export type RenewalMethod = z.infer<typeof renewal>;

const certificates = z
  .object({
    intervalSeconds: seconds(30, 86_400, 300),
    timeoutMs: timeoutMs.default(10_000),
    /** Extra trusted CA certificates (PEM file), for hosts with an internal CA. */
    caFile: z.string().min(1).optional(),
    /** Renew automatically when this many days or fewer remain (default 7: as the status turns critical). */
    renewWithinDays: z.number().int().min(1).max(60).default(7),
    acme: z
      .object({
        directoryUrl: httpUrl,
        email: z.email(),
        /** Trust for the ACME server's own TLS certificate (a test CA); the system's roots otherwise. */
        caFile: z.string().min(1).optional(),
        /**
         * Where issued certificates are written (<dir>/<domain>/fullchain.pem, privkey.pem); default
         * DATA_DIR/certificates.
         */
        certificateDir: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
    renewal: z.object({ centron: renewal.optional(), local: renewal.optional() }).strict().prefault({}),
    domains: z.array(certificate).max(1000).default([]),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.domains.forEach((entry, index) => {
      const key = `${entry.domain}@${entry.serverIP}:${entry.port}`;
      if (seen.has(key))
        context.addIssue({
          code: "custom",
          path: ["domains", index, "domain"],
          message: `duplicate certificate "${key}"`,
        });
      seen.add(key);
    });
    for (const host of HOST_NAMES) {
      if (value.renewal[host]?.method === "acme" && !value.acme) {
        context.addIssue({ code: "custom", path: ["renewal", host], message: 'method "acme" needs an "acme" section' });
      }
    }
  });
export type CertificatesConfig = z.infer<typeof certificates>;

const nginx = z
  .object({
    intervalSeconds: seconds(5, 3600, 60),
    timeoutMs: timeoutMs.default(5000),
    /** Active connections above this are a warning. */
    maxActiveConnections: z.number().int().min(1).default(1000),
    sources: z
      .array(
        z
          .object({
            name: z.string().min(1).max(100),
            url: httpUrl,
            username: z.string().min(1).optional(),
            password: z.string().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();
export type NginxConfig = z.infer<typeof nginx>;

const haproxySource = z.union(
  [
    z.object({ url: httpUrl, username: z.string().min(1).optional(), password: z.string().optional() }).strict(),
    z.object({ socket: z.string().min(1) }).strict(),
  ],
  { error: 'needs "url" (the stats page) or "socket" (the stats socket path)' },
);
export type HaproxySource = z.infer<typeof haproxySource>;

const haproxy = z
  .object({
    intervalSeconds: seconds(5, 3600, 30),
    timeoutMs: timeoutMs.default(5000),
    source: haproxySource,
  })
  .strict();
export type HaproxyConfig = z.infer<typeof haproxy>;

const aiService = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("ollama"),
      name: z.string().min(1).max(100),
      url: httpUrl,
      /** A tiny generate call that measures tokens per second; off by default (it loads the model). */
      probe: z
        .object({ model: z.string().min(1), prompt: z.string().min(1).max(200).default("Say OK.") })
        .strict()
        .optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal("http"),
      name: z.string().min(1).max(100),
      url: httpUrl,
      model: z.string().max(100).optional(),
    })
    .strict(),
]);
export type AiServiceConfig = z.infer<typeof aiService>;

const aiServices = z
  .object({
    intervalSeconds: seconds(10, 3600, 120),
    timeoutMs: timeoutMs.default(10_000),
    /** A probe gets longer: generating even a few tokens can take seconds. */
    probeTimeoutMs: timeoutMs.default(30_000),
    services: z.array(aiService).max(100),
  })
  .strict();
export type AiServicesConfig = z.infer<typeof aiServices>;

export const integrationsSchema = z
  .object({
    certificates: certificates.optional(),
    nginx: nginx.optional(),
    haproxy: haproxy.optional(),
    aiServices: aiServices.optional(),
  })
  .strict()
  .prefault({});
export type IntegrationsConfig = z.infer<typeof integrationsSchema>;
