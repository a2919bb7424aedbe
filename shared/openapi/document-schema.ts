import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

/** The outline of `GET /api/openapi.json`'s answer; swagger-parser checks the rest in the tests. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.literal('1.0.0') }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}),
});

export type OpenApiDocument = z.output<typeof OpenApiDocumentSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const openApiDocumentDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(OpenApiDocumentSchema, {
    properties: {
      openapi: 'The OpenAPI version',
      info: 'What the API is',
      'info.title': "The API's name",
      'info.version': "The API's version",
      paths: 'The operations, by path and method',
      components: 'Schemas, request bodies, responses and security schemes the operations refer to',
    },
    examples: [
      {
        openapi: '3.1.0',
        info: { title: 'Content editing service', version: '1.0.0' },
        paths: { '/api/health': { get: { operationId: 'getHealth' } } },
        components: {},
      },
    ],
  });
});
