import { UnauthenticatedError } from '../errors';
import type { Caller } from '../auth/caller';

/**
 * The caller of a route that the route table opens only to signed-in callers: authorisation has
 * already refused anonymous ones, so this only narrows the type (and fails closed if it ever did not).
 */
export function signedIn(caller: Caller): Exclude<Caller, { kind: 'anonymous' }> {
  if (caller.kind === 'anonymous') throw new UnauthenticatedError('Sign in or send an API token');
  return caller;
}
