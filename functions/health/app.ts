import type { Logger } from '../../shared/http/logger';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { getHealth } from './routes/get-health';
import { getOpenApi } from './routes/get-openapi';

export interface HealthDeps {
  logger: Logger;
  publicUrl: string;
}

/** Health needs no table, key or provider: it answers before anything else is wired. */
export const makeHealthHandler = (deps: HealthDeps) =>
  makeGroupHandler({ group: 'health', routes: { getHealth, getOpenApi }, deps, logger: deps.logger, publicUrl: () => deps.publicUrl });
