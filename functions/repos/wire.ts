import { createProviderAccess } from '../../shared/auth/provider-access';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createConnections } from '../../shared/repos/connections';
import { createRepoAdmin } from '../../shared/repos/repo-admin';
import { createRepoReach } from '../../shared/repos/repo-reach';
import { createIndexRequests } from '../../shared/content/collection-index/index-requests';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeReposHandler } from './app';

export function wireRepos(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'tokenHmacKey'
    | 'oauth'
    | 'gitHost'
    | 'logger'
    | 'publicUrl'
    | 'now'
    | 'indexQueue'
  >,
) {
  const { store, keyProvider, oauth, gitHost, now, logger } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const connections = createConnections(store, now);
  const reach = createRepoReach({ store, gitHost, providerAccess, now });
  const deps = {
    ...callerDeps(ports),
    reach,
    reader: createRepoReader({ gitHost, connections, providerAccess }),
    repoAdmin: createRepoAdmin({
      gitHost,
      connections,
      providerAccess,
      reach,
      indexRequests: createIndexRequests({ store, queue: ports.indexQueue, now }),
      logger,
    }),
  };
  return makeReposHandler(withOrigin(deps, ports.publicUrl));
}
