import type { Logger } from '../../shared/logger';
import type { Ports } from '../ports';
import { routes, routesOfGroup } from '../../shared/routes';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { getApiDocs } from './routes/get-api-docs';
import { getHealth } from './routes/get-health';
import { getOpenApi } from './routes/get-openapi';

export interface HealthDeps {
  logger: Logger;
  publicUrl: string;
  readiness: Ports['readiness'];
}

/**
 * Health needs no table, key or provider: it answers before anything else is wired. Its function
 * also serves the HTTP API's `$default` route, so it answers 404/405 for every group's paths.
 */
export const makeHealthHandler = (deps: HealthDeps) =>
  makeGroupHandler({
    table: routesOfGroup('health'),
    wholeTable: routes,
    routes: { getHealth, getOpenApi, getApiDocs },
    deps,
    logger: deps.logger,
    publicUrl: () => deps.publicUrl,
  });
