import { ForbiddenError } from '../../../shared/errors';
import type { Caller } from '../../../shared/auth/caller';

/** The route table already limits these routes to sessions; this narrows the type. */
export function sessionOf(caller: Caller): Extract<Caller, { kind: 'session' }> {
  if (caller.kind !== 'session')
    throw new ForbiddenError('This route accepts only a browser session, not an API token');
  return caller;
}
