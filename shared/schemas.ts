import * as z from 'zod/mini';

/** Shapes shared by many routes (spec: "Ok", "Error"). */
export const OkSchema = z.object({ ok: z.boolean() });
export const ErrorSchema = z.object({ error: z.string() });
/**
 * API Gateway's own answers, which never reach the service (shared/http/aws-limits.ts): a request
 * over Lambda's or the HTTP API's payload limit, an answer over Lambda's, a function that failed,
 * the integration timeout. Local mode's gateway gives the same (infra/local/aws-invocation.ts).
 */
export const GatewayErrorSchema = z.object({ message: z.string() });
