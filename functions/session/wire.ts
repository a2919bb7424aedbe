import { createOAuthStates } from '../../shared/auth/oauth-states';
import { createUsers } from '../../shared/auth/users';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeSessionHandler } from './app';

export function wireSession(
  ports: Pick<
    Ports,
    'store' | 'keyProvider' | 'tokenHmacKey' | 'oauth' | 'gitHost' | 'logger' | 'publicUrl' | 'now'
  >,
) {
  const { store, keyProvider, oauth, gitHost, now } = ports;
  const deps = {
    ...callerDeps(ports),
    oauthStates: createOAuthStates(store, now),
    users: createUsers(store, keyProvider, now),
    oauth,
    gitHost,
  };
  return makeSessionHandler(withOrigin(deps, ports.publicUrl));
}
