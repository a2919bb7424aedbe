import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

export const HealthSchema = z.object({
  status: z
    .string()
    .check(
      z.describe(
        '`ok`, or `not_ready` while a setting is not filled in (on AWS: the GitHub App secret); the status code is 200 either way',
      ),
    ),
  reason: z.optional(
    z
      .string()
      .check(
        z.describe(
          "With `not_ready`: what is missing and where to fill it in (names a secret and its fields, never a value). Added to the spec's shape.",
        ),
      ),
  ),
  webhookSecret: z.optional(
    z
      .boolean()
      .check(
        z.describe(
          "With `ok`: whether the GitHub App secret holds a `webhookSecret`. true: GitHub's App deliveries to POST /api/github/webhook are verified and keep lists fresh; false: they are refused and every list reads GitHub (still correct, one GitHub request more). Added to the spec's shape.",
        ),
      ),
  ),
});

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

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const authDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(HealthSchema, {
    examples: [{ status: 'ok', webhookSecret: true }],
  });
  document(MeSchema, {
    properties: {
      authenticated: 'Whether the request carries a valid session cookie or API token',
      username: 'The GitHub login of the signed-in user (an API token: of its creator)',
    },
    examples: [{ authenticated: true, username: 'demo' }],
  });
});
