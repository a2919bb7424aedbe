import type { CmsConfig } from '../content/config-schema';
import type { PathAt, RepoId } from '../ports/git-host';
import type { MediaHost } from '../ports/media-host';
import type { BlobRead, PullHost, PullInfo } from '../ports/pull-host';
import { maxUploadBytes } from '../ports/upload-staging';
import {
  isRegularText,
  mediaContentProblem,
  mediaNameProblem,
  modeProblem,
  movedProblem,
} from './draft-files';
import { referencedMedia } from './draft-references';
import { keptFiles, type DraftFiles } from './draft-rules';

export interface DraftCheckDeps {
  pullHost: Pick<PullHost, 'readTexts'>;
  mediaHost: Pick<MediaHost, 'readBlob'>;
}

/**
 * The most media bytes read to check one draft (two files at the upload limit): a draft adding
 * more counts the rest as foreign, so a check stays within a function's memory and time.
 */
export const maxCheckedMediaBytes = 2 * maxUploadBytes;

/**
 * Reads what the draft keeps at its head sha, the one its merge is guarded by, so what was checked
 * is what lands. One round trip reads its item (the mode, and the text for its references), the
 * item as the default branch has it when the draft changes it (its mode), each media file it
 * adds (mode and size), and each file of a renamed bundle it moves with the file it was on the
 * default branch (the same blob and mode); then each added media file its item references, within the limits, is
 * read whole (one round trip each, in parallel) for the upload rules. Nothing is read for a draft
 * that keeps nothing (a deletions draft).
 */
export async function checkDraftFiles(
  deps: DraftCheckDeps,
  input: {
    repo: RepoId;
    call: <T>(fn: (token: string) => Promise<T>) => Promise<T>;
    pull: PullInfo;
    config: CmsConfig;
    defaultBranchOid: string;
  },
): Promise<DraftFiles> {
  const { repo, call, pull } = input;
  const kept = keptFiles(pull, input.config);
  const moved = kept?.moved ?? [];
  const verdicts = new Map<string, string | undefined>();
  const referenced = new Set<string>();
  const translations = kept?.translations ?? [];
  if (
    !kept ||
    !pull.changedFiles ||
    (!kept.item && kept.files.length === 0 && moved.length === 0 && translations.length === 0)
  )
    return { verdicts, referenced };

  const wanted: Record<string, PathAt> = { item: { path: kept.own, ref: pull.headSha } };
  if (kept.item?.basePath) wanted.base = { path: kept.item.basePath, ref: input.defaultBranchOid };
  kept.files.forEach((file, n) => (wanted[`m${n}`] = { path: file.path, ref: pull.headSha }));
  moved.forEach((file, n) => {
    wanted[`b${n}`] = { path: file.path, ref: pull.headSha };
    wanted[`p${n}`] = { path: file.previousPath, ref: input.defaultBranchOid };
  });
  translations.forEach((file, n) => {
    wanted[`t${n}`] = { path: file.path, ref: pull.headSha };
    if (file.basePath) wanted[`tb${n}`] = { path: file.basePath, ref: input.defaultBranchOid };
  });
  const reads = await call((token) =>
    deps.pullHost.readTexts(token, repo, wanted, { modes: true }),
  );

  if (kept.item) verdicts.set(kept.item.path, modeProblem(reads.item, reads.base));
  translations.forEach((file, n) =>
    verdicts.set(file.path, modeProblem(reads[`t${n}`], reads[`tb${n}`])),
  );
  moved.forEach((file, n) =>
    verdicts.set(file.path, movedProblem(reads[`b${n}`], reads[`p${n}`], file.previousPath)),
  );
  const item = reads.item;
  if (kept.media && isRegularText(item)) {
    for (const path of referencedMedia(
      item.text,
      kept.media,
      kept.files.map((file) => file.path),
    ))
      referenced.add(path);
  }

  await checkAddedMedia(deps, {
    repo,
    call,
    media: kept.files.map((file, n) => ({ path: file.path, read: reads[`m${n}`] })),
    verdicts,
    referenced,
    noun: 'draft',
  });
  return { verdicts, referenced };
}

/**
 * The upload rules for the media files a change request adds, each read at its head (mode and
 * size), that one of its items references (the others are foreign, whatever their bytes): a
 * regular file of an accepted name, then its bytes, read whole (one round trip each, in
 * parallel) within maxCheckedMediaBytes. Each verdict goes into `verdicts`. `noun` names
 * the change request in the verdict of a file beyond the bytes checked.
 */
export async function checkAddedMedia(
  deps: Pick<DraftCheckDeps, 'mediaHost'>,
  {
    repo,
    call,
    media,
    verdicts,
    referenced,
    noun,
  }: {
    repo: RepoId;
    call: <T>(fn: (token: string) => Promise<T>) => Promise<T>;
    media: { path: string; read: BlobRead | undefined }[];
    /** Where each checked file's verdict goes (undefined: it passes). */
    verdicts: Map<string, string | undefined>;
    referenced: ReadonlySet<string>;
    noun: 'draft' | 'change set';
  },
): Promise<void> {
  const toRead: { path: string; oid: string }[] = [];
  let budget = maxCheckedMediaBytes;
  for (const { path, read } of media) {
    if (!referenced.has(path)) continue;
    const problem =
      modeProblem(read) ??
      (read && read.kind !== 'absent' ? mediaNameProblem(path, read.byteSize) : undefined);
    if (problem || !read || read.kind === 'absent') {
      verdicts.set(path, problem);
      continue;
    }
    budget -= read.byteSize;
    if (budget < 0) {
      verdicts.set(
        path,
        `beyond the ${maxCheckedMediaBytes / 1024 / 1024} MiB of media checked for one ${noun}: upload it to the default branch`,
      );
      continue;
    }
    toRead.push({ path, oid: read.oid });
  }
  // By blob oid, read at the head above: the bytes checked are the bytes the merge publishes.
  const contents = await Promise.all(
    toRead.map((file) => call((token) => deps.mediaHost.readBlob(token, repo, file.oid))),
  );
  toRead.forEach((file, n) =>
    verdicts.set(file.path, mediaContentProblem(file.path, contents[n]!)),
  );
}
