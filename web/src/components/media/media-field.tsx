import { lazy, Suspense, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { Committed } from '../../lib/media-upload';
import { useMediaScope } from './media-scope';
import { MediaThumb } from './media-thumb';
import { UploadButton } from './upload-button';
import { UploadProgress } from './upload-progress';
import { filesOf, useUpload } from './use-upload';

// The library loads when it is first opened, not with the editor.
const MediaLibraryDialog = lazy(() =>
  import('./media-library-dialog').then((module) => ({ default: module.MediaLibraryDialog })),
);

interface MediaFieldProps {
  id: string;
  label: string;
  kind: 'image' | 'file';
  /** A single path, or a list of them (`image[]`, `file[]`). */
  value: string | string[];
  onChange(value: string | string[]): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * An image or file field: the stored value is the path the site serves it at, exactly as the
 * service answers it (publicPath + name). Upload (button, drag and drop, paste), choose from the
 * library, clear; a list takes several, each with its remove button.
 */
export function MediaField({ id, label, kind, value, onChange, ...aria }: MediaFieldProps) {
  const scope = useMediaScope();
  const uploads = useUpload(scope);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const list = Array.isArray(value) ? value : undefined;
  const single = typeof value === 'string' ? value : '';
  const [typed, setTyped] = useState('');

  const take = (paths: string[]) => {
    if (paths.length === 0) return;
    if (list) onChange([...list, ...paths.filter((path) => !list.includes(path))]);
    else onChange(paths[paths.length - 1]!);
  };
  const send = async (files: File[]) => {
    const chosen = list ? files : files.slice(0, 1);
    if (chosen.length === 0) return;
    const done = await uploads.upload(chosen);
    take(done.map((committed: Committed) => committed.publicPath));
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    const files = filesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    void send(files);
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = filesOf(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    void send(files);
  };
  const addTyped = () => {
    if (typed.trim()) take([typed.trim()]);
    setTyped('');
  };
  const noun = kind === 'image' ? 'image' : 'file';

  return (
    <div
      className={`media-field${dragging ? ' media-drop' : ''}`}
      data-testid={`media-field-${id}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      {list ? (
        <>
          {list.length > 0 && (
            <ul className="media-list" aria-label={`${label}: ${list.length} added`}>
              {list.map((path) => (
                <li key={path} className="media-list-item">
                  <MediaThumb value={path} />
                  <code className="media-path">{path}</code>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Remove ${path}`}
                    onClick={() => onChange(list.filter((other) => other !== path))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            id={id}
            {...aria}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addTyped();
              }
            }}
            onBlur={addTyped}
            placeholder={`Type a path and press Enter, or paste or drop ${noun}s here`}
            autoComplete="off"
            spellCheck={false}
          />
        </>
      ) : (
        <div className="media-single">
          {single && <MediaThumb value={single} />}
          <input
            id={id}
            type="text"
            {...aria}
            value={single}
            onChange={(event) => onChange(event.target.value)}
            placeholder={`A path such as /images/photo.jpg, or paste or drop ${noun === 'image' ? 'an image' : 'a file'} here`}
            spellCheck={false}
          />
        </div>
      )}
      <div className="media-field-actions">
        <UploadButton
          inputLabel={`Upload ${noun} for ${label}`}
          accept={kind === 'image' ? 'image/*' : undefined}
          multiple={list !== undefined}
          disabled={!scope || uploads.progress !== undefined}
          describedBy={`${id}-drop-hint`}
          onFiles={(files) => void send(files)}
        >
          Upload…
        </UploadButton>
        <button
          type="button"
          className="button small"
          onClick={() => setLibraryOpen(true)}
          disabled={!scope}
        >
          Choose from library
        </button>
        {!list && single && (
          <button
            type="button"
            className="button small"
            onClick={() => onChange('')}
            aria-label={`Clear ${label}`}
          >
            Clear
          </button>
        )}
        <span id={`${id}-drop-hint`} className="muted small">
          or drop or paste {list ? `${noun}s` : `${noun === 'image' ? 'an image' : 'a file'}`} on
          this field
        </span>
      </div>
      <UploadProgress state={uploads} />
      {libraryOpen && scope && (
        <Suspense fallback={null}>
          <MediaLibraryDialog
            scope={scope}
            kind={kind}
            onSelect={(file) => {
              take([file.publicPath]);
              setLibraryOpen(false);
            }}
            onClose={() => setLibraryOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
