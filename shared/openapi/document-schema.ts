import * as z from 'zod/mini';

/** The outline of `GET /api/openapi.json`'s answer; swagger-parser checks the rest in the tests. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.literal('1.0.0') }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}),
});

export type OpenApiDocument = z.output<typeof OpenApiDocumentSchema>;
