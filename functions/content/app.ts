import { callerOptions } from '../../shared/http/base-deps';
import { contentRoutes } from '../../shared/route-table/content';
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

export const makeContentHandler = (deps: ContentDeps) =>
  makeGroupHandler({
    table: contentRoutes,
    routes: {
      listContent,
      listSkippedFiles,
      getContent,
      putContent,
      deleteContent,
      renameContent,
      duplicateContent,
      deleteContentItems,
    },
    ...callerOptions(deps),
  });
