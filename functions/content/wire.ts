import { createProviderAccess } from '../../shared/auth/provider-access';
import { createContentReads } from '../../shared/content/content-reads';
import { createContentLists } from '../../shared/content/content-lists';
import { createIndexMemo } from '../../shared/content/collection-index/index-memo';
import { createIndexReader } from '../../shared/content/collection-index/index-reader';
import { createIndexRequests } from '../../shared/content/collection-index/index-requests';
import { indexSettingsOf } from '../../shared/content/collection-index/index-settings';
import { createAnswerLimit } from '../../shared/http/answer-size';
import { createContentWrites } from '../../shared/content/content-writes';
import { createContentMoves } from '../../shared/content/content-moves';
import { createContentDeletions } from '../../shared/content/content-deletions';
import { createParsedCache } from '../../shared/store/parsed-cache';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createRepoFreshness } from '../../shared/freshness/repo-freshness';
import { createConnections } from '../../shared/repos/connections';
import { createPresence } from '../../shared/presence/presence-board';
import { createItemHistory } from '../../shared/history/item-history';
import { createItemVersions } from '../../shared/history/item-versions';
import { createItemRevert } from '../../shared/history/item-revert';
import { createTranslationReport } from '../../shared/content/i18n/translation-report';
import { createItemTranslations } from '../../shared/content/i18n/item-translations';
import { createTranslationCreates } from '../../shared/content/i18n/translation-create';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeContentHandler } from './app';

export function wireContent(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'tokenHmacKey'
    | 'oauth'
    | 'gitHost'
    | 'pullHost'
    | 'historyHost'
    | 'logger'
    | 'publicUrl'
    | 'now'
    | 'indexQueue'
    | 'indexSettings'
  >,
) {
  const { store, keyProvider, oauth, gitHost, pullHost, logger, now } = ports;
  const { inlineLimit, reportBudgetMs } = indexSettingsOf(ports.indexSettings);
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const connections = createConnections(store, now);
  const reader = createRepoReader({
    gitHost,
    connections,
    providerAccess,
    freshness: createRepoFreshness({ store, now }),
  });
  const cache = createParsedCache(store, logger, now);
  const translations = createTranslationReport({
    reader,
    historyHost: ports.historyHost,
    providerAccess,
    store,
    now,
    budgetMs: reportBudgetMs,
  });
  const reads = createContentReads({
    reader,
    gitHost,
    providerAccess,
    cache,
    inlineLimit,
    translations: createItemTranslations({ statuses: translations.statuses }),
  });
  const writes = createContentWrites({ reader, gitHost, pullHost, providerAccess, cache });
  const deps = {
    ...callerDeps(ports),
    reads,
    lists: createContentLists({
      reads,
      index: createIndexReader({ store, memo: createIndexMemo() }),
      requests: createIndexRequests({ store, queue: ports.indexQueue, now }),
      now,
      inlineLimit,
      answers: createAnswerLimit(),
    }),
    writes,
    moves: createContentMoves({ reader, pullHost, providerAccess }),
    deletions: createContentDeletions({ reader, pullHost, providerAccess }),
    presence: createPresence({ store, collections: reads.collections, now }),
    history: createItemHistory({
      reader,
      connections,
      providerAccess,
      historyHost: ports.historyHost,
    }),
    versions: createItemVersions({ reader, gitHost, providerAccess, writes }),
    translations,
    translationCreates: createTranslationCreates({
      reader,
      gitHost,
      providerAccess,
      reads,
      writes,
      translations,
    }),
    revert: createItemRevert({
      reader,
      historyHost: ports.historyHost,
      gitHost,
      pullHost,
      providerAccess,
    }),
  };
  return makeContentHandler(withOrigin(deps, ports.publicUrl));
}
