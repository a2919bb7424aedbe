import { createProviderAccess } from '../../shared/auth/provider-access';
import { createContentReads } from '../../shared/content/content-reads';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createPullReads } from '../../shared/pulls/pull-reads';
import { createConnections } from '../../shared/repos/connections';
import { createRepoPermissions } from '../../shared/repos/repo-permissions';
import { createScheduleActions } from '../../shared/schedules/schedule-actions';
import { createScheduleRecords } from '../../shared/schedules/schedule-records';
import { createParsedCache } from '../../shared/store/parsed-cache';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeSchedulesHandler } from './app';

export function wireSchedules(
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
    | 'scheduleTimer'
    | 'logger'
    | 'publicUrl'
    | 'now'
  >,
) {
  const { store, keyProvider, oauth, gitHost, pullHost, logger, now } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const connections = createConnections(store, now);
  const reader = createRepoReader({ gitHost, connections, providerAccess });
  const schedules = createScheduleActions({
    records: createScheduleRecords(store, now),
    timer: ports.scheduleTimer,
    pullReads: createPullReads({
      pullHost,
      reviewHost: ports.reviewHost,
      gitHost,
      mediaHost: ports.mediaHost,
      connections,
      providerAccess,
    }),
    contentReads: createContentReads({
      reader,
      gitHost,
      providerAccess,
      cache: createParsedCache(store, logger, now),
    }),
    permissions: createRepoPermissions({ gitHost, connections, providerAccess }),
    now,
  });
  return makeSchedulesHandler(withOrigin({ ...callerDeps(ports), schedules }, ports.publicUrl));
}
