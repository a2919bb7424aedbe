import { useEffect, useState } from 'react';
import type { SuccessBody } from '../../../../shared/client/api-client';
import { ApiError } from '../../api/client';
import { deleteMedia, listMedia } from '../../api/media';
import { useLatest } from '../../lib/use-latest';
import { formatBytes, isImagePath, mediaFileUrl } from '../../lib/media-paths';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog } from '../ui/dialog';
import type { MediaScopeValue } from './media-scope';
import { MediaUsesNote } from './media-uses';
import { UploadButton } from './upload-button';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

export type MediaFile = SuccessBody<'listMedia'>['files'][number];

interface MediaLibraryDialogProps {
  scope: MediaScopeValue;
  /** Images only, or any file. */
  kind: 'image' | 'file';
  onSelect(file: Pick<MediaFile, 'name' | 'path' | 'publicPath'>): void;
  onClose(): void;
}

/**
 * The media directory as a grid (thumbnails read through the service, name and size for other
 * files), searchable by name among the pages loaded, with "Load more" for the next page. Choosing
 * one (the tile's main action) fills the field (or the body); upload adds to it; delete, secondary,
 * asks first, says which items use the file, and is guarded by the sha.
 */
export function MediaLibraryDialog({ scope, kind, onSelect, onClose }: MediaLibraryDialogProps) {
  const [files, setFiles] = useState<MediaFile[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<MediaFile | undefined>();
  const uploads = useUpload(scope);
  const { repo, ref } = scope;
  const collection = scope.target.collection;

  const [generation, setGeneration] = useState(0);
  const settle = (page: { files: MediaFile[]; nextCursor: string | null }, append: boolean) => {
    setFiles((previous) => (append ? [...previous, ...page.files] : page.files));
    setCursor(page.nextCursor);
    setError(undefined);
    setLoading(false);
  };
  const fail = (cause: Error) => {
    setError(cause.message);
    setLoading(false);
  };
  const settleLatest = useLatest(settle);
  const failLatest = useLatest(fail);
  // The first page, again after an upload (which may have created the draft branch it reads).
  useEffect(() => {
    let current = true;
    listMedia(repo, { collection, ref }).then(
      (page) => current && settleLatest.current(page, false),
      (cause: Error) => current && failLatest.current(cause),
    );
    return () => {
      current = false;
    };
  }, [repo, collection, ref, generation, settleLatest, failLatest]);
  const loadMore = (from: string) => {
    setLoading(true);
    listMedia(repo, { collection, ref, cursor: from }).then((page) => settle(page, true), fail);
  };

  const needle = query.trim().toLowerCase();
  const shown = files.filter(
    (file) =>
      (kind === 'file' || isImagePath(file.name)) &&
      (!needle || file.name.toLowerCase().includes(needle)),
  );

  const upload = async (chosen: File[]) => {
    const done = await uploads.upload(chosen);
    if (done.length === 0) return;
    setLoading(true);
    setGeneration((n) => n + 1);
  };

  return (
    <Dialog
      title="Media library"
      wide
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="media-library-bar">
        <label className="media-search">
          <span className="visually-hidden">Search by name</span>
          <input
            type="search"
            placeholder="Search by name"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-autofocus
          />
        </label>
        <UploadButton
          inputLabel="Upload to the library"
          accept={kind === 'image' ? 'image/*' : undefined}
          multiple
          disabled={uploads.progress !== undefined}
          onFiles={(chosen) => void upload(chosen)}
        >
          Upload…
        </UploadButton>
      </div>
      <UploadProgress state={uploads} />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <p className="muted small" role="status" aria-live="polite">
        {loading
          ? 'Loading…'
          : `${shown.length} ${shown.length === 1 ? 'file' : 'files'}${needle ? ` matching “${query.trim()}”` : ''}${cursor ? ' (more to load)' : ''}`}
      </p>
      <ul className="media-grid" aria-label="Media files">
        {shown.map((file) => (
          <li key={file.path} className="media-tile">
            <button type="button" className="media-tile-select" onClick={() => onSelect(file)}>
              {/* First in the accessible name ("Choose hills.png 2.0 KB"), shown last (CSS order). */}
              <span className="media-tile-choose">Choose</span>{' '}
              {isImagePath(file.name) ? (
                <img src={mediaFileUrl(repo, file.path, ref)} alt="" loading="lazy" />
              ) : (
                <span className="media-tile-file" aria-hidden="true">
                  {file.name.split('.').pop()?.toUpperCase()}
                </span>
              )}
              <span className="media-tile-name">{file.name}</span>
              <span className="media-tile-size muted small">{formatBytes(file.size)}</span>
            </button>
            <button
              type="button"
              className="button small ghost media-tile-delete"
              onClick={() => setDeleting(file)}
              aria-label={`Delete ${file.name}`}
            >
              Delete…
            </button>
          </li>
        ))}
      </ul>
      {cursor && (
        <button
          type="button"
          className="button small"
          onClick={() => loadMore(cursor)}
          disabled={loading}
        >
          Load more
        </button>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          tone="danger"
          details={<MediaUsesNote scope={scope} file={deleting} />}
          onCancel={() => setDeleting(undefined)}
          onConfirm={async () => {
            await deleteFile(repo, deleting, ref);
            setFiles((previous) => previous.filter((file) => file.path !== deleting.path));
            setDeleting(undefined);
          }}
        >
          {`${deleting.path} is removed with a commit. Pages that show it will lose it.`}
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

/**
 * Deletes on the default branch; a file only the draft has (404 there) is deleted on the draft.
 * Deleting a published file on the draft instead would make the draft change a file that is not
 * its own, which the service then refuses to publish.
 */
async function deleteFile(repo: string, file: MediaFile, ref: string | undefined): Promise<void> {
  if (!ref) {
    await deleteMedia(repo, file.path, file.sha);
    return;
  }
  try {
    await deleteMedia(repo, file.path, file.sha);
  } catch (cause) {
    if (!(cause instanceof ApiError) || cause.status !== 404) throw cause;
    await deleteMedia(repo, file.path, file.sha, ref);
  }
}
