import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { TokensDeps } from '../deps';
import { sessionOf } from './session-of';

type Route = Extract<RoutesOfGroup<'tokens'>, { id: 'createToken' }>;

export const createToken: RouteFn<Route, TokensDeps> = async ({ caller, body }, deps) => ({
  status: 201,
  body: await deps.apiTokens.create(sessionOf(caller), body),
});
