import { lazy, Suspense, useState, type RefObject } from 'react';
import type { MediaScopeValue } from '../media/media-scope';
import { UploadButton } from '../media/upload-button';
import { isImagePath } from '../../lib/media-paths';
import { markdownFor } from './body-uploads';
import type { MarkdownEditorHandle } from './markdown-editor';

const MediaLibraryDialog = lazy(() =>
  import('../media/media-library-dialog').then((module) => ({
    default: module.MediaLibraryDialog,
  })),
);

/**
 * Below the body: upload an image (for those who do not drag or paste) or insert one from the
 * media library, at the cursor.
 */
export function BodyMediaBar({
  scope,
  editor,
  busy,
  askAlt,
}: {
  scope: MediaScopeValue;
  editor: RefObject<MarkdownEditorHandle | null>;
  busy: boolean;
  /** The alternative text of an image chosen from the library (alt-text-prompt.tsx). */
  askAlt(name: string): Promise<string>;
}) {
  const [libraryOpen, setLibraryOpen] = useState(false);
  return (
    <div className="media-field-actions body-media-bar">
      <UploadButton
        inputLabel="Upload an image into the body"
        accept="image/*"
        multiple
        disabled={busy}
        onFiles={(files) => void editor.current?.upload(files)}
      >
        Upload image…
      </UploadButton>
      <button type="button" className="button small" onClick={() => setLibraryOpen(true)}>
        Insert from library…
      </button>
      <span className="muted small">or paste or drop images into the body</span>
      {libraryOpen && (
        <Suspense fallback={null}>
          <MediaLibraryDialog
            scope={scope}
            kind="file"
            onSelect={async (file) => {
              setLibraryOpen(false);
              const alt = isImagePath(file.name) ? await askAlt(file.name) : undefined;
              // After the dialogs close and give focus back, so the insert lands in the editor.
              requestAnimationFrame(() =>
                editor.current?.insert(markdownFor(file.name, file.publicPath, alt)),
              );
            }}
            onClose={() => setLibraryOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
