import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { TokensDeps } from '../deps';
import { sessionOf } from './session-of';

type Route = Extract<RoutesOfGroup<'tokens'>, { id: 'deleteToken' }>;

export const deleteToken: RouteFn<Route, TokensDeps> = async ({ caller, params }, deps) => {
  await deps.apiTokens.revoke(sessionOf(caller).userId, params.tokenId);
  return { status: 200, body: { ok: true } };
};
