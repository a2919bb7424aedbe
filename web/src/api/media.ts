import { putWithProgress, type UploadSteps, type UploadTarget } from '../lib/media-upload';
import { call } from './client';

/** One page of a media directory (the collection's own, else the repository's), on the default branch or `ref`. */
export const listMedia = (
  repo: string,
  input: { collection?: string; ref?: string; cursor?: string; limit?: number },
) => call('listMedia', { params: { repo }, query: input });

/** Deletes a media file, guarded by its sha; `ref` for an existing draft branch. */
export const deleteMedia = (repo: string, path: string, sha: string, ref?: string) =>
  call('deleteMediaFile', { params: { repo }, query: { path, sha, ref } });

/** The service's three steps of an upload, for uploadFile (lib/media-upload). */
export const browserUploadSteps: UploadSteps<File> = {
  begin: (target: UploadTarget, body) =>
    call('beginMediaUpload', { params: { repo: target.repo }, body }),
  put: (ticket, file, onProgress) => putWithProgress(ticket, file, onProgress),
  commit: (target: UploadTarget, { uploadId, name }) =>
    call('commitMedia', {
      params: { repo: target.repo },
      body: { uploadId, name, collection: target.collection, draft: target.draft },
    }),
};
