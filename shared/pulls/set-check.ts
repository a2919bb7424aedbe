import type { CmsConfig } from '../content/config-schema';
import { mediaOf } from '../media/media-config';
import type { PathAt, RepoId } from '../ports/git-host';
import type { PullInfo } from '../ports/pull-host';
import { checkAddedMedia, type DraftCheckDeps } from './draft-check';
import { isRegularText, modeProblem } from './draft-files';
import { referencedMedia } from './draft-references';
import type { DraftFiles } from './draft-rules';
import { setKeptFiles } from './set-rules';

/**
 * checkDraftFiles for a change set: reads what the set keeps at its head sha, the one its merge is
 * guarded by. One round trip reads every item file it keeps (mode and text, for its references),
 * each one's file on the default branch when the set changes or renames it (its mode) and each
 * media file it adds (mode and size); then each added media file one of its items references is
 * read whole (one round trip each, in parallel, within the bytes one draft may check).
 */
export async function checkSetFiles(
  deps: DraftCheckDeps,
  input: {
    repo: RepoId;
    call: <T>(fn: (token: string) => Promise<T>) => Promise<T>;
    pull: PullInfo;
    config: CmsConfig;
    defaultBranchOid: string;
  },
): Promise<DraftFiles> {
  const { repo, call, pull, config } = input;
  const kept = setKeptFiles(pull, config);
  const verdicts = new Map<string, string | undefined>();
  const referenced = new Set<string>();
  if (kept.items.length === 0 && kept.media.length === 0) return { verdicts, referenced };

  const wanted: Record<string, PathAt> = {};
  kept.items.forEach((item, n) => {
    wanted[`i${n}`] = { path: item.path, ref: pull.headSha };
    if (item.basePath) wanted[`b${n}`] = { path: item.basePath, ref: input.defaultBranchOid };
  });
  kept.media.forEach((file, n) => (wanted[`m${n}`] = { path: file.path, ref: pull.headSha }));
  const reads = await call((token) =>
    deps.pullHost.readTexts(token, repo, wanted, { modes: true }),
  );

  kept.items.forEach((item, n) => {
    const read = reads[`i${n}`];
    verdicts.set(item.path, modeProblem(read, reads[`b${n}`]));
    const media = mediaOf(config, item.collection);
    if (!media || !isRegularText(read)) return;
    const candidates = kept.media
      .filter((file) => file.media.directory === media.directory)
      .map((file) => file.path);
    for (const path of referencedMedia(read.text, media, candidates)) referenced.add(path);
  });

  await checkAddedMedia(deps, {
    repo,
    call,
    media: kept.media.map((file, n) => ({ path: file.path, read: reads[`m${n}`] })),
    verdicts,
    referenced,
    noun: 'change set',
  });
  return { verdicts, referenced };
}
