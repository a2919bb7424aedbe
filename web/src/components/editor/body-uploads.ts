import type { EditorView } from '@codemirror/view';
import { baseName, isImagePath, markdownImage } from '../../lib/media-paths';

export interface UploadedFile {
  publicPath: string;
  /** The image's alternative text as the person gave it (empty: decorative). */
  alt?: string;
}

/** Uploads files and answers what was committed, in order (fewer when one failed). */
export type UploadFiles = (files: File[]) => Promise<UploadedFile[]>;

let counter = 0;

/** What the body gets for a committed file: an image (with `alt` when given), or a link for another file. */
export function markdownFor(name: string, publicPath: string, alt?: string): string {
  if (isImagePath(publicPath)) return markdownImage(name, publicPath, alt);
  return `[${baseName(name).replace(/[[\]\\]/g, ' ')}](${publicPath})`;
}

/**
 * Puts a placeholder at `at` for each file, uploads them, then swaps each placeholder for its
 * markdown (`![alt](publicPath)`), or removes it when the upload failed. Placeholders are found
 * by their text, so typing elsewhere meanwhile does not misplace them.
 */
export async function insertUploads(
  view: EditorView,
  files: File[],
  at: number,
  upload: UploadFiles,
): Promise<void> {
  const marks = files.map(
    (file) => `![Uploading ${file.name.replace(/[[\]\\]/g, ' ')}… #${++counter}]()`,
  );
  const text = marks.join('\n');
  view.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
  const done = await upload(files);
  marks.forEach((mark, index) => {
    const from = view.state.doc.toString().indexOf(mark);
    if (from < 0) return;
    const uploaded = done[index];
    const file = files[index]!;
    let to = from + mark.length;
    // A failed upload's placeholder goes with its line break.
    if (!uploaded && view.state.doc.sliceString(to, to + 1) === '\n') to += 1;
    view.dispatch({
      changes: {
        from,
        to,
        insert: uploaded ? markdownFor(file.name, uploaded.publicPath, uploaded.alt) : '',
      },
    });
  });
}
