import * as z from 'zod/mini';

/** Shapes shared by many routes (spec: "Ok", "Error"). */
export const OkSchema = z.object({ ok: z.boolean() });
export const ErrorSchema = z.object({ error: z.string() });
