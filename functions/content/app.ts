import { callerOptions } from '../../shared/http/base-deps';
import { contentRoutes } from '../../shared/route-table/content';
import { presenceRoutes } from '../../shared/route-table/presence';
import { historyRoutes } from '../../shared/route-table/history';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ContentDeps } from './deps';
import {
  deleteContent,
  deleteContentItems,
  duplicateContent,
  createTranslation,
  getContent,
  listContent,
  listSkippedFiles,
  getTranslationReport,
  putContent,
  renameContent,
} from './routes/content-routes';
import { beatPresence, leavePresence, listPresence } from './routes/presence-routes';
import {
  compareContentVersions,
  getContentHistory,
  restoreContentVersion,
  revertContentVersion,
} from './routes/history-routes';

export const makeContentHandler = (deps: ContentDeps) =>
  makeGroupHandler({
    table: [...contentRoutes, ...presenceRoutes, ...historyRoutes],
    routes: {
      listContent,
      listSkippedFiles,
      getTranslationReport,
      getContent,
      putContent,
      deleteContent,
      renameContent,
      duplicateContent,
      createTranslation,
      deleteContentItems,
      beatPresence,
      leavePresence,
      listPresence,
      getContentHistory,
      compareContentVersions,
      restoreContentVersion,
      revertContentVersion,
    },
    ...callerOptions(deps),
  });
