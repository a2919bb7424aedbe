import { createProviderAccess } from '../../shared/auth/provider-access';
import { createPullActions } from '../../shared/pulls/pull-actions';
import { createPullReads } from '../../shared/pulls/pull-reads';
import { createSetActions } from '../../shared/pulls/set-actions';
import { createConnections } from '../../shared/repos/connections';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makePullsHandler } from './app';

export function wirePulls(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'tokenHmacKey'
    | 'oauth'
    | 'gitHost'
    | 'pullHost'
    | 'reviewHost'
    | 'mediaHost'
    | 'logger'
    | 'publicUrl'
    | 'now'
  >,
) {
  const { store, keyProvider, oauth, gitHost, pullHost, reviewHost, mediaHost, now } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const pullDeps = {
    pullHost,
    reviewHost,
    gitHost,
    mediaHost,
    connections: createConnections(store, now),
    providerAccess,
  };
  return makePullsHandler(
    withOrigin(
      {
        ...callerDeps(ports),
        pullReads: createPullReads(pullDeps),
        pullActions: createPullActions(pullDeps),
        setActions: createSetActions(pullDeps),
      },
      ports.publicUrl,
    ),
  );
}
