import { callerOptions } from '../../shared/http/base-deps';
import { contentRoutes } from '../../shared/route-table/content';
import { presenceRoutes } from '../../shared/route-table/presence';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ContentDeps } from './deps';
import {
  deleteContent,
  deleteContentItems,
  duplicateContent,
  getContent,
  listContent,
  listSkippedFiles,
  putContent,
  renameContent,
} from './routes/content-routes';
import { beatPresence, leavePresence, listPresence } from './routes/presence-routes';

export const makeContentHandler = (deps: ContentDeps) =>
  makeGroupHandler({
    table: [...contentRoutes, ...presenceRoutes],
    routes: {
      listContent,
      listSkippedFiles,
      getContent,
      putContent,
      deleteContent,
      renameContent,
      duplicateContent,
      deleteContentItems,
      beatPresence,
      leavePresence,
      listPresence,
    },
    ...callerOptions(deps),
  });
