import type { Logger } from '../../shared/logger';
import type { Ports } from '../ports';
import { routesOfGroup } from '../../shared/routes';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { getHealth } from './routes/get-health';
import { getOpenApi } from './routes/get-openapi';

export interface HealthDeps {
  logger: Logger;
  publicUrl: string;
  readiness: Ports['readiness'];
}

/** Health needs no table, key or provider: it answers before anything else is wired. */
export const makeHealthHandler = (deps: HealthDeps) =>
  makeGroupHandler({ table: routesOfGroup('health'), routes: { getHealth, getOpenApi }, deps, logger: deps.logger, publicUrl: () => deps.publicUrl });
