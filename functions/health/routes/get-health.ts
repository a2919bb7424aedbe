import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { Ports } from '../../ports';

type Route = Extract<RoutesOfGroup<'health'>, { id: 'getHealth' }>;

/**
 * 200 either way, as the interface fixes it: `ok`, or `not_ready` with the reason (what to fill
 * in, never a value) while a setting the other groups need is missing; they answer 503 meanwhile.
 * Ready, it also says whether GitHub's deliveries can be verified (an optional setting).
 */
export const getHealth: RouteFn<Route, Pick<Ports, 'readiness'>> = async (_request, deps) => {
  const readiness = await deps.readiness();
  return {
    status: 200,
    body: readiness.ready
      ? { status: 'ok', webhookSecret: readiness.webhookSecret }
      : { status: 'not_ready', reason: readiness.reason },
  };
};
