import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { LocaleSchema } from './i18n/i18n-config';

/**
 * The list's paging query and its answers beyond the spec's array (an addition to the spec; the
 * array's shape is unchanged). Kept apart from the domain code so the route table pulls in none.
 */
export const maxPageLimit = 1000;
export const defaultPageLimit = 100;
export const maxQueryLength = 200;
export const listOrders = ['asc', 'desc'] as const;
export type ListOrder = (typeof listOrders)[number];

export const ListContentQuerySchema = z.object({
  limit: z.optional(
    z.coerce
      .number()
      .check(
        z.int('must be an integer from 1 to 1000'),
        z.minimum(1, 'must be an integer from 1 to 1000'),
        z.maximum(maxPageLimit, 'must be an integer from 1 to 1000'),
      ),
  ),
  cursor: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9_-]{1,4000}$/,
          'is not a cursor this list gave (take it from the Link header)',
        ),
      ),
  ),
  sort: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/,
          'must be "path", "slug" or the name of a date, datetime or string field of the collection',
        ),
      ),
  ),
  order: z.optional(z.enum(listOrders, { error: 'must be "asc" or "desc"' })),
  q: z.optional(
    z
      .string()
      .check(
        z.minLength(1, 'must be 1 to 200 characters'),
        z.maxLength(maxQueryLength, 'must be 1 to 200 characters'),
      ),
  ),
  locale: z.optional(LocaleSchema.clone()),
});
export type ListContentQuery = z.infer<typeof ListContentQuerySchema>;

/** How far the collection's index has come: files read of the collection's files. */
export const IndexProgressSchema = z.object({ done: z.int(), total: z.int() });
export type IndexProgress = z.infer<typeof IndexProgressSchema>;

/** A 503: the index a sorted, filtered or whole list needs is being built (`progress`), or the service cannot answer now (no `progress`). */
export const ListUnavailableSchema = z.object({
  error: z.string(),
  progress: z.optional(IndexProgressSchema),
});

/** The response headers of a paged list. */
export const linkHeader = 'link';
export const totalCountHeader = 'x-total-count';
export const retryAfterHeader = 'retry-after';

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const listDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(IndexProgressSchema, {
    properties: {
      done: 'Files read so far',
      total: 'Files of the collection',
    },
  });
  document(ListUnavailableSchema, {
    properties: {
      error: 'What is happening and when to ask again, in words',
      progress: 'While the index is being built: how far it has come',
    },
    examples: [
      {
        error: 'The index of posts is being built (12,000 of 100,000 files read); try again in 5 s',
        progress: { done: 12_000, total: 100_000 },
      },
    ],
  });
});
