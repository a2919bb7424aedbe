import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { TokensDeps } from '../deps';
import { sessionOf } from './session-of';

type Route = Extract<RoutesOfGroup<'tokens'>, { id: 'listTokens' }>;

export const listTokens: RouteFn<Route, TokensDeps> = async ({ caller }, deps) => ({
  status: 200,
  body: await deps.apiTokens.list(sessionOf(caller).userId),
});
