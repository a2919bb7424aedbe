import { createProviderAccess } from '../../shared/auth/provider-access';
import { ConflictError } from '../../shared/errors';
import { createContentReads } from '../../shared/content/content-reads';
import { createContentWrites } from '../../shared/content/content-writes';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createPullActions } from '../../shared/pulls/pull-actions';
import { createConnections } from '../../shared/repos/connections';
import {
  createScheduleRecords,
  type ScheduleRecord,
} from '../../shared/schedules/schedule-records';
import { createScheduleRunner } from '../../shared/schedules/schedule-runner';
import { createParsedCache } from '../../shared/store/parsed-cache';
import type { Ports } from '../ports';
import { auditWithWebhooks } from '../wire-base';

/**
 * The scheduler: not an HTTP group but the function a schedule's timer invokes with its id (on
 * AWS EventBridge Scheduler, locally the in-process timer). It acts as the user who set the
 * schedule, through the same domain code as the API's Publish, delete and save.
 */
export function wireScheduler(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'oauth'
    | 'gitHost'
    | 'pullHost'
    | 'reviewHost'
    | 'mediaHost'
    | 'logger'
    | 'now'
    | 'activityRetentionDays'
    | 'webhookQueue'
  >,
) {
  const { store, keyProvider, oauth, gitHost, pullHost, logger, now } = ports;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const connections = createConnections(store, now);
  const reader = createRepoReader({ gitHost, connections, providerAccess });
  const cache = createParsedCache(store, logger, now);
  const pulls = createPullActions({
    pullHost,
    reviewHost: ports.reviewHost,
    gitHost,
    mediaHost: ports.mediaHost,
    connections,
    providerAccess,
  });
  const reads = createContentReads({ reader, gitHost, providerAccess, cache });
  const writes = createContentWrites({ reader, gitHost, pullHost, providerAccess, cache });

  /**
   * `delete` removes the file; `draft` sets `draft: true`, keeping every other byte. Both commit to
   * the default branch, and the schedule records that commit. An item that is already a draft
   * needs no commit (none is recorded). A default branch kept to pull requests takes neither: the
   * deletion is refused, and the draft save lands on the item's draft branch, which fails the
   * schedule with where the change is, since the item is still published.
   */
  async function unpublish(record: ScheduleRecord): Promise<{ sha?: string }> {
    const [collection, slug] = [record.collection!, record.slug!];
    const item = await reads.get({
      userId: record.userId,
      fullName: record.repo,
      collection,
      slug,
    });
    if (record.mode === 'delete') {
      const deleted = await writes.delete({
        userId: record.userId,
        login: record.createdBy,
        fullName: record.repo,
        collection,
        slug,
        sha: item.sha,
        mode: 'direct',
      });
      return { sha: deleted.commit };
    }
    if (item.body === undefined) throw new TypeError('an item read without its body');
    const saved = await writes.put({
      userId: record.userId,
      login: record.createdBy,
      fullName: record.repo,
      collection,
      slug,
      input: {
        frontmatter: { ...item.frontmatter, draft: true },
        body: item.body,
        sha: item.sha,
        mode: 'direct',
      },
    });
    if (saved.protectedBranch) {
      throw new ConflictError(
        `The default branch takes changes only through pull requests: draft: true was saved on ${saved.branch} instead; publish its pull request to unpublish the item`,
      );
    }
    return saved.commit === undefined ? {} : { sha: saved.commit };
  }

  return createScheduleRunner({
    records: createScheduleRecords(store, now),
    store,
    publish: (options) => pulls.merge(options),
    comment: (options) => pulls.comment(options),
    unpublish,
    activity: auditWithWebhooks(ports),
    logger,
    now,
  });
}
