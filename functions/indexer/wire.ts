import { createIndexBuilder } from '../../shared/content/collection-index/index-builder';
import { createConnections } from '../../shared/repos/connections';
import { createParsedCache } from '../../shared/store/parsed-cache';
import type { IndexQueue } from '../../shared/ports/index-queue';
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
