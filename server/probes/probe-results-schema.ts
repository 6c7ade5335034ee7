// What the server accepts from a probe: a batch of results, checked field by
// field before anything is stored (a probe's token proves where it is, not
// that what it sends is well-formed).
import { z } from "zod";
import { MAX_BATCH_RESULTS, MAX_ERROR, type ResultsBody } from "./probe-protocol.ts";

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

const connectivitySchema = z
  .object({ online: z.boolean(), checkedAt: time.nullable(), error: z.string().max(MAX_ERROR).nullable() })
  .strict();

export const resultsBodySchema: z.ZodType<ResultsBody> = z
  .object({
    sentAt: time,
    connectivity: connectivitySchema,
    results: z.array(resultSchema).max(MAX_BATCH_RESULTS, `at most ${MAX_BATCH_RESULTS} results in one batch`),
  })
  .strict();
