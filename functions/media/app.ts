import { callerOptions } from '../../shared/http/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { mediaRoutes } from '../../shared/route-table/media';
import type { MediaDeps } from './deps';
import {
  beginMediaUpload,
  commitMedia,
  deleteMediaFile,
  getMediaFile,
  listMedia,
} from './routes/media-routes';

export const makeMediaHandler = (deps: MediaDeps) =>
  makeGroupHandler({
    table: mediaRoutes,
    routes: { listMedia, beginMediaUpload, commitMedia, getMediaFile, deleteMediaFile },
    ...callerOptions(deps),
  });
