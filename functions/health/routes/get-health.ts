import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';

export const getHealth: RouteFn<RoutesOfGroup<'health'>, unknown> = async () => ({ status: 200, body: { status: 'ok' } });
