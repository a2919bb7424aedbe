import { HealthSchema } from '../auth/schemas';
import { OpenApiDocumentSchema } from '../openapi/document-schema';
import type { RouteDef } from '../http/route-def';

/** The health group's rows: liveness/readiness, the OpenAPI document and its interactive reference. */
export const healthRoutes = [
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    group: 'health',
    access: 'none',
    summary: "Check the service's liveness and readiness",
    description:
      'Liveness and readiness: {"status":"ok","webhookSecret"} when the service is up (webhookSecret: whether GitHub\'s App deliveries can be verified), {"status":"not_ready","reason"} while a setting is not filled in (the GitHub App secret on AWS).',
    responses: {
      200: { description: 'Up; `status` says whether it is ready', schema: HealthSchema },
    },
  },
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/api/openapi.json',
    group: 'health',
    access: 'none',
    summary: 'Get this OpenAPI document',
    description:
      'This API as an OpenAPI 3.1 document (version 1.0.0), generated from the route table.',
    responses: { 200: { description: 'The OpenAPI document', schema: OpenApiDocumentSchema } },
  },
  {
    id: 'getApiDocs',
    method: 'GET',
    path: '/api/docs',
    group: 'health',
    access: 'none',
    summary: "Open this API's interactive reference",
    description:
      "This API's interactive reference: Swagger UI rendering /api/openapi.json, a page of the editor's build served with the editor's headers. Open it in a browser; it redirects to where the page is.",
    responses: { 302: { description: "The reference's page, /app/api-docs.html" } },
  },
] as const satisfies readonly RouteDef[];
