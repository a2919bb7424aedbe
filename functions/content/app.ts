import { callerOptions } from '../../shared/auth/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ContentDeps } from './deps';
import { deleteContent, getContent, listContent, putContent } from './routes/content-routes';

export const makeContentHandler = (deps: ContentDeps) =>
  makeGroupHandler({ group: 'content', routes: { listContent, getContent, putContent, deleteContent }, ...callerOptions(deps) });
