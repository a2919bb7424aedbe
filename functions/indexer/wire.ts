import { createPullChecks } from '../../shared/checks/pull-check';
import { createIndexBuilder } from '../../shared/content/collection-index/index-builder';
import { isPullCheck, type IndexQueue, type JobRunner } from '../../shared/ports/index-queue';
import { createConnections } from '../../shared/repos/connections';
import { createParsedCache } from '../../shared/store/parsed-cache';
import type { Ports } from '../ports';

/** The indexer's builder, the same on AWS (the SQS consumer) and locally (the in-process queue). */
export function wireIndexer(
  ports: Pick<Ports, 'store' | 'gitHost' | 'logger' | 'now' | 'indexSettings'> & {
    indexQueue: IndexQueue;
  },
) {
  const { store, gitHost, logger, now } = ports;
  return createIndexBuilder({
    store,
    gitHost,
    connections: createConnections(store, now),
    cache: createParsedCache(store, logger, now),
    queue: ports.indexQueue,
    logger,
    now,
    settings: ports.indexSettings,
  });
}

/**
 * Every job of the queue: index builds on the builder, pull requests' content checks on the
 * checker (shared/checks/pull-check.ts), which reads the connection and writes nothing to the table.
 */
export function wireBackgroundJobs(
  ports: Pick<Ports, 'store' | 'gitHost' | 'checkHost' | 'logger' | 'now' | 'indexSettings'> & {
    indexQueue: IndexQueue;
  },
): JobRunner {
  const builder = wireIndexer(ports);
  const checks = createPullChecks({
    checkHost: ports.checkHost,
    connections: createConnections(ports.store, ports.now),
    logger: ports.logger,
  });
  return { run: (job) => (isPullCheck(job) ? checks.run(job) : builder.run(job)) };
}
