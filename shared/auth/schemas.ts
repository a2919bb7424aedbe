import * as z from 'zod/mini';

export const HealthSchema = z.object({ status: z.string() });

export const MeSchema = z.object({
  authenticated: z.boolean(),
  username: z.optional(z.string()),
});

export const CallbackQuerySchema = z.object({
  code: z.optional(z.string()),
  state: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});
