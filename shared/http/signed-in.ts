import { UnauthenticatedError } from '../errors';
import type { Actor } from '../auth/actor';
import type { Caller } from '../auth/caller';

/**
 * The caller of a route that the route table opens only to signed-in callers: authorisation has
 * already refused anonymous ones, so this only narrows the type (and fails closed if it ever did not).
 */
export function signedIn(caller: Caller): Exclude<Caller, { kind: 'anonymous' }> {
  if (caller.kind === 'anonymous') throw new UnauthenticatedError('Sign in or send an API token');
  return caller;
}

/**
 * Who acts and on which repository, from a request whose route names `{repo}` and is open only to
 * signed-in callers: the identity every domain operation on a repository takes.
 */
export function actingOn({
  caller,
  params,
}: {
  caller: Caller;
  params: { repo: string };
}): Actor & { fullName: string } {
  const { userId, login } = signedIn(caller);
  return { userId, login, fullName: params.repo };
}
