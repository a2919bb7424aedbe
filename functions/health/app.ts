import { createCallerResolver } from '../../shared/auth/callers';
import type { Sessions } from '../../shared/auth/sessions';
import type { Logger } from '../../shared/http/logger';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { getHealth } from './routes/get-health';

export interface HealthDeps {
  sessions: Sessions;
  logger: Logger;
}

export const makeHealthHandler = (deps: HealthDeps) =>
  makeGroupHandler({ group: 'health', routes: { getHealth }, deps, callers: createCallerResolver(deps.sessions), logger: deps.logger });
