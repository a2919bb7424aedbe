import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../../../shared/errors';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { TokensDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'tokens'>, { id: 'revokeCurrentToken' }>;

/** A token ends itself (`cms logout`); a second revocation racing the first sees it gone: 401, as any later request would. */
export const revokeCurrentToken: RouteFn<Route, TokensDeps> = async ({ caller }, deps) => {
  if (caller.kind !== 'token') {
    throw new InvalidInputError(
      'DELETE /api/auth/token revokes API tokens only: send it with the token (Authorization: Bearer); a browser session ends with POST /auth/logout',
    );
  }
  try {
    await deps.apiTokens.revoke(caller.userId, caller.tokenId);
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new UnauthenticatedError('API token is revoked or expired', { cause: error });
    throw error;
  }
  return { status: 200, body: { ok: true } };
};
