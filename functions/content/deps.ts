import type { BaseDeps } from '../../shared/http/base-deps';
import type { ContentReads } from '../../shared/content/content-reads';
import type { ContentLists } from '../../shared/content/content-lists';
import type { ContentWrites } from '../../shared/content/content-writes';
import type { ContentMoves } from '../../shared/content/content-moves';
import type { ContentDeletions } from '../../shared/content/content-deletions';
import type { Presence } from '../../shared/presence/presence-board';
import type { ItemHistoryReads } from '../../shared/history/item-history';
import type { ItemVersions } from '../../shared/history/item-versions';
import type { ItemRevert } from '../../shared/history/item-revert';
import type { TranslationReports } from '../../shared/content/i18n/translation-report';
import type { TranslationCreates } from '../../shared/content/i18n/translation-create';

export interface ContentDeps extends BaseDeps {
  reads: ContentReads;
  lists: ContentLists;
  writes: ContentWrites;
  moves: ContentMoves;
  deletions: ContentDeletions;
  presence: Presence;
  history: ItemHistoryReads;
  versions: ItemVersions;
  revert: ItemRevert;
  translations: TranslationReports;
  translationCreates: TranslationCreates;
}
