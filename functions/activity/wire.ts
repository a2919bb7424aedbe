import { createActivityLog } from '../../shared/activity/activity-log';
import { createProviderAccess } from '../../shared/auth/provider-access';
import { createConnections } from '../../shared/repos/connections';
import { createRepoPermissions } from '../../shared/repos/repo-permissions';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeActivityHandler } from './app';

export function wireActivity(
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
    | 'activityRetentionDays'
  >,
) {
  const { store, keyProvider, oauth, gitHost, logger, now } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  return makeActivityHandler(
    withOrigin(
      {
        ...callerDeps(ports),
        activityLog: createActivityLog({
          store,
          now,
          logger,
          retentionDays: ports.activityRetentionDays,
        }),
        permissions: createRepoPermissions({
          gitHost,
          connections: createConnections(store, now),
          providerAccess,
        }),
      },
      ports.publicUrl,
    ),
  );
}
