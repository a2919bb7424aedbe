import type { ProviderAccess } from '../auth/provider-access';
import { cmsConfigFileName, parseCmsConfig, type CmsConfig } from '../content/config-schema';
import { parseDraftBranch } from '../content/draft-branch';
import { repoId } from '../content/repo-reader';
import type { BlobText, GitHost, RepoId } from '../githost/git-host';
import type { ReviewHost } from '../githost/review-host';
import type { PullHost, PullInfo } from '../githost/pull-host';
import type { MergeBlocker } from './schemas';
import { ConflictBodyError, ConflictError, NotFoundError } from '../errors';
import { unreachableRepo, type Connections } from '../repos/connections';
import { addedMedia, draftProblems } from './draft-rules';
import { previewUrl } from './preview-url';

export interface PullDeps {
  pullHost: PullHost;
  /** Branch rules, reviews and checks (the review workflow of protected branches). */
  reviewHost: ReviewHost;
  gitHost: Pick<GitHost, 'snapshot'>;
  connections: Pick<Connections, 'key' | 'requireFrom'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
}

/** The config blob read alongside a pull request, for field order and preview URLs. */
export const configBlob = { config: { path: cmsConfigFileName } };

/** A config that no longer parses must not break reviewing: field order and previews fall back. */
export function configFrom(blob: BlobText | null | undefined, fallback: CmsConfig): CmsConfig {
  if (!blob?.text || blob.isTruncated) return fallback;
  try {
    return parseCmsConfig(blob.text);
  } catch {
    return fallback;
  }
}

export const summaryOf = (pull: PullInfo, config: CmsConfig | undefined) => {
  const draft = parseDraftBranch(pull.headRef)!;
  return {
    number: pull.number,
    title: pull.title,
    branch: pull.headRef,
    state: pull.state,
    merged: pull.merged,
    createdAt: pull.createdAt,
    updatedAt: pull.updatedAt,
    collection: draft.collection,
    slug: draft.slug,
    previewUrl: previewUrl(config, pull.headRef, pull.deploymentUrl),
    author: pull.author,
    draft: pull.draft,
    mergeable: pull.mergeable,
    mergeStateStatus: pull.mergeStateStatus,
    reviewDecision: pull.reviewDecision,
  };
};

export const detailOf = (pull: PullInfo, config: CmsConfig | undefined, mergeBlockers: MergeBlocker[]) => ({
  ...summaryOf(pull, config),
  body: pull.body,
  headSha: pull.headSha,
  baseSha: pull.baseSha,
  htmlUrl: pull.htmlUrl,
  mergeBlockers,
});

/**
 * What every pull route starts with: the connection, the repo and a way to call the provider as
 * the user. The connection and the user's record are read in one round trip to the table.
 */
export async function openRepo(deps: PullDeps, userId: string, fullName: string) {
  const access = await deps.providerAccess.readAlongside(userId, [deps.connections.key(fullName)]);
  const connection = deps.connections.requireFrom(fullName, access.items[0]);
  const repo: RepoId = repoId(connection.fullName);
  const call = <T>(fn: (token: string) => Promise<T>) => access.withToken(fn);
  return { connection, repo, call, fullName };
}

/**
 * A pull request on a `cms/{collection}/{slug}` branch, read with its changed files. Any other
 * pull request is out of reach of these routes (404): a token allowed to publish drafts must never
 * merge someone's code. `problems` says why it is not a genuine draft (draft-rules.ts); the actions
 * that write refuse those with `refuseUnlessGenuine`.
 */
export async function requireDraftPull(deps: PullDeps, opened: Awaited<ReturnType<typeof openRepo>>, number: number, options: { allowOther?: boolean } = {}) {
  const view = await opened.call((token) => deps.pullHost.getPull(token, opened.repo, number, configBlob));
  if (!view) throw unreachableRepo(opened.fullName);
  const isDraft = parseDraftBranch(view.pull.headRef) !== undefined;
  if (!isDraft && !options.allowOther) throw new NotFoundError(`Pull request #${number} is not a CMS draft`);
  const config = configFrom(view.blobs.config, opened.connection.config);
  const pull = await withRenameSources(deps, opened, view.pull, view.defaultBranchOid);
  return { ...view, pull, isDraft, config, problems: draftProblems(pull, view.defaultBranch, config, await itemTextFor(deps, opened, pull, config)) };
}

/**
 * The draft's item as its head has it, read (one more round trip) only when the draft adds media
 * files: they are its own when the item names them (draft-rules.ts).
 */
async function itemTextFor(deps: PullDeps, opened: Awaited<ReturnType<typeof openRepo>>, pull: PullInfo, config: CmsConfig): Promise<string | null | undefined> {
  const media = addedMedia(pull, config);
  if (!media || media.files.length === 0) return undefined;
  const reads = await opened.call((token) => deps.pullHost.readTexts(token, opened.repo, { item: { path: media.item, ref: pull.headSha } }));
  const item = reads.item;
  return item?.kind === 'text' ? item.text : null;
}

/**
 * GitHub's list of a pull request's files says a file was renamed but not from where; the draft
 * rules need the source. Only then, one more round trip compares the default branch with the head
 * the files were read at and fills in each rename's `previousPath`.
 */
async function withRenameSources(deps: PullDeps, opened: Awaited<ReturnType<typeof openRepo>>, pull: PullInfo, defaultBranchOid: string): Promise<PullInfo> {
  const changed = pull.changedFiles;
  if (!changed?.files.some((file) => file.change === 'renamed' && file.previousPath === undefined)) return pull;
  const comparison = await opened.call((token) => deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha));
  const sources = new Map(comparison.files.flatMap((file) => (file.status === 'renamed' && file.previousPath ? [[file.path, file.previousPath] as const] : [])));
  const files = changed.files.map((file) => {
    const previousPath = file.change === 'renamed' ? sources.get(file.path) : undefined;
    return previousPath && file.previousPath === undefined ? { ...file, previousPath } : file;
  });
  return { ...pull, changedFiles: { ...changed, files } };
}

/**
 * Throws the action's 409 when the pull request is not a genuine draft, naming the first reason:
 * merge `{merged: false, reason, error}`, update `{ok: false, reason, error}`, the others `{error, reason}`.
 */
const refusedActions = {
  merge: 'merge it',
  update: 'update it',
  rebase: 'rebase it',
  ready: 'mark it ready for review',
  unready: 'move it back to in progress',
} as const;

export function refuseUnlessGenuine(problems: MergeBlocker[], action: keyof typeof refusedActions): void {
  const [first] = problems;
  if (!first) return;
  const error = `${first.message} The CMS does not ${refusedActions[action]}.`;
  if (action === 'merge') throw new ConflictBodyError({ merged: false, reason: first.reason, error });
  if (action === 'update') throw new ConflictBodyError({ ok: false, reason: first.reason, error });
  throw new ConflictError(error, { details: { reason: first.reason } });
}
