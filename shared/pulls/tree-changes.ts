import { markdownExtensions } from '../content/item-path';
import { mergeMarkdown } from '../content/three-way-merge';
import { absent, type BlobRead, type ChangedFile, type TreeChange } from '../ports/pull-host';

/**
 * The commits an update or a rebase writes, from the files as read (absent, binary or text). A
 * file is carried over by its blob oid and mode, never re-encoded as text: binary files, modes
 * and symbolic links survive both.
 */

/** The mode a file keeps when the read had none (a regular file). */
const regularFile = '100644' as const;

const sameFile = (a: BlobRead, b: BlobRead) =>
  a.kind === 'absent' || b.kind === 'absent'
    ? a.kind === b.kind
    : a.oid === b.oid && (a.mode ?? regularFile) === (b.mode ?? regularFile);

/** The file exactly as read: its blob by oid and mode, or its deletion. */
export function carried(path: string, read: BlobRead): TreeChange {
  return read.kind === 'absent'
    ? { path, content: null }
    : { path, oid: read.oid, mode: read.mode ?? regularFile };
}

/** A merged text's mode: the side that changed it wins (ours when both did); only 100755 or 100644. */
function mergedMode(
  base: BlobRead,
  ours: BlobRead & { kind: 'text' },
  theirs: BlobRead & { kind: 'text' },
): '100644' | '100755' {
  const baseMode = base.kind === 'absent' ? undefined : (base.mode ?? regularFile);
  const [ourMode, theirMode] = [ours.mode ?? regularFile, theirs.mode ?? regularFile];
  return (ourMode === baseMode ? theirMode : ourMode) === '100755' ? '100755' : regularFile;
}

export interface UpdateSides {
  base: BlobRead;
  ours: BlobRead;
  theirs: BlobRead;
}

/**
 * Update after git's line merge conflicted: the changes to apply on top of the default branch's
 * tree (theirs), file by file. Same on both sides: nothing to do. Changed on our side only: ours,
 * as it is. Changed on both: markdown texts are merged field by field (body line by line); a
 * deletion, a binary file or any other file is a conflict, named by its path. `paths` is there
 * when a conflict lies inside an object or list field: every conflict by its deepest path
 * (`seo.title`, `links[1]`), the others as in `conflicts`.
 */
export function resolveUpdate(files: readonly { path: string; sides: UpdateSides }[]): {
  changes: TreeChange[];
  conflicts: string[];
  paths?: string[];
} {
  const changes: TreeChange[] = [];
  const conflicts: string[] = [];
  const paths: string[] = [];
  let nested = false;
  for (const { path, sides } of files) {
    const { base, ours, theirs } = sides;
    if (sameFile(ours, theirs)) continue;
    if (sameFile(theirs, base)) {
      changes.push(carried(path, ours));
      continue;
    }
    if (
      ours.kind !== 'text' ||
      theirs.kind !== 'text' ||
      base.kind === 'binary' ||
      !markdownExtensions.some((extension) => path.endsWith(extension))
    ) {
      conflicts.push(path);
      paths.push(path);
      continue;
    }
    const merged = mergeMarkdown(
      base.kind === 'text' ? base.text : undefined,
      ours.text,
      theirs.text,
    );
    const mode = mergedMode(base, ours, theirs);
    if (merged.ok)
      changes.push({ path, content: merged.text, ...(mode === regularFile ? {} : { mode }) });
    else {
      conflicts.push(...merged.conflicts);
      paths.push(...(merged.paths ?? merged.conflicts));
      nested ||= merged.paths !== undefined;
    }
  }
  return {
    changes,
    conflicts: [...new Set(conflicts)],
    ...(nested && { paths: [...new Set(paths)] }),
  };
}

/**
 * Rebase: the draft's version of every file it changed, re-committed on the default branch's head
 * (a rename also removes the old path; a removal stays a removal).
 */
export function rebaseChanges(
  files: readonly ChangedFile[],
  atHead: readonly BlobRead[],
): TreeChange[] {
  return files.flatMap((file, n) => [
    ...(file.previousPath ? [{ path: file.previousPath, content: null }] : []),
    file.status === 'removed'
      ? { path: file.path, content: null }
      : carried(file.path, atHead[n] ?? absent),
  ]);
}
