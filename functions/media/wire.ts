import { createProviderAccess } from '../../shared/auth/provider-access';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createMediaDeletions } from '../../shared/media/media-deletions';
import { createMediaLibrary } from '../../shared/media/media-library';
import { createMediaUploads } from '../../shared/media/media-uploads';
import { createConnections } from '../../shared/repos/connections';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeMediaHandler } from './app';

export function wireMedia(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'tokenHmacKey'
    | 'oauth'
    | 'gitHost'
    | 'pullHost'
    | 'mediaHost'
    | 'uploadStaging'
    | 'logger'
    | 'publicUrl'
    | 'now'
  >,
) {
  const {
    store,
    keyProvider,
    oauth,
    gitHost,
    pullHost,
    mediaHost,
    uploadStaging: staging,
    now,
  } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const reader = createRepoReader({
    gitHost,
    connections: createConnections(store, now),
    providerAccess,
  });
  const deps = {
    ...callerDeps(ports),
    library: createMediaLibrary({ reader, mediaHost, providerAccess, staging }),
    uploads: createMediaUploads({ reader, mediaHost, pullHost, providerAccess, staging }),
    deletions: createMediaDeletions({ reader, pullHost, providerAccess }),
  };
  return makeMediaHandler(withOrigin(deps, ports.publicUrl));
}
