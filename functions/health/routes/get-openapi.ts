import type { RouteFn } from '../../../shared/http/types';
import { openApiDocument } from '../../../shared/openapi/document';
import type { RoutesOfGroup } from '../../../shared/routes';

type Route = Extract<RoutesOfGroup<'health'>, { id: 'getOpenApi' }>;

/** Built once per process from the route table; only `servers` follows the public URL. */
export const getOpenApi: RouteFn<Route, { publicUrl: string }> = async (_request, deps) => ({
  status: 200,
  body: openApiDocument({ serverUrl: deps.publicUrl }),
});
