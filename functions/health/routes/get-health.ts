import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';

type Route = Extract<RoutesOfGroup<'health'>, { id: 'getHealth' }>;

export const getHealth: RouteFn<Route, unknown> = async () => ({ status: 200, body: { status: 'ok' } });
