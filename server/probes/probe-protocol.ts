// The wire between a remote probe and the server, read by both ends: what the
// probe sends is checked here by the server, and what the server answers is
// checked here by the probe, so neither trusts the other's shape. Times are
// epoch milliseconds of the sender's clock.
import { z } from "zod";

/** Results in one batch, and the bytes of its body. */
export const MAX_BATCH_RESULTS = 5000;
export const MAX_BATCH_BYTES = 1024 * 1024;
const MAX_ERROR = 500;

const time = z.number({ error: "must be a time in epoch milliseconds" }).int().min(0).max(8.64e15);

const resultSchema = z
  .object({
    key: z.string().min(3).max(300),
    checkedAt: time,
    status: z.enum(["healthy", "degraded", "unhealthy"], { error: "must be healthy, degraded or unhealthy" }),
    responseTime: z.number().min(0).max(3_600_000).nullable(),
    errorMessage: z.string().max(MAX_ERROR).nullable(),
  })
  .strict();
export type ProbeResult = z.infer<typeof resultSchema>;

export const connectivitySchema = z
  .object({ online: z.boolean(), checkedAt: time.nullable(), error: z.string().max(MAX_ERROR).nullable() })
  .strict();
export type ProbeConnectivity = z.infer<typeof connectivitySchema>;

export const resultsBodySchema = z
  .object({
    sentAt: time,
    connectivity: connectivitySchema,
    results: z.array(resultSchema).max(MAX_BATCH_RESULTS, `at most ${MAX_BATCH_RESULTS} results in one batch`),
  })
  .strict();
export type ResultsBody = z.infer<typeof resultsBodySchema>;

export const resultsAnswerSchema = z.object({ stored: z.number(), ignored: z.number(), serverTime: time });
export type ResultsAnswer = z.infer<typeof resultsAnswerSchema>;

const checkSchema = z.object({
  key: z.string(),
  target: z.record(z.string(), z.unknown()),
  intervalSeconds: z.number().positive(),
  timeoutMs: z.number().positive(),
  retries: z.number().int().min(0),
});
export type ProbeCheck = z.infer<typeof checkSchema>;

export const assignmentsAnswerSchema = z.object({
  location: z.object({ id: z.string(), name: z.string() }),
  serverTime: time,
  revision: z.string(),
  defaults: z.object({
    intervalSeconds: z.number().positive(),
    timeoutMs: z.number().positive(),
    retries: z.number().int().min(0),
    concurrency: z.number().int().min(1),
    staggerSeconds: z.number().min(0).optional(),
  }),
  connectivity: z.record(z.string(), z.unknown()).nullable(),
  checks: z.array(checkSchema),
});
export type AssignmentsAnswer = z.infer<typeof assignmentsAnswerSchema>;
export type ProbeAssignments = Omit<AssignmentsAnswer, "serverTime">;
export type ProbeDefaults = AssignmentsAnswer["defaults"];
