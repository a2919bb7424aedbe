import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import { cmsConfigFileName, type CmsConfig } from '../content/config-schema';
import { readCmsConfig } from '../content/config-read';
import { parseDraftBranch } from '../content/draft-branch';
import { parseSetBranch } from '../content/set-branch';
import { repoId } from '../content/repo-reader';
import type { BlobText, GitHost, RepoId } from '../ports/git-host';
import type { MediaHost } from '../ports/media-host';
import type { ReviewHost } from '../ports/review-host';
import type { PullHost, PullInfo } from '../ports/pull-host';
import type { MergeBlocker } from './schemas';
import { ConflictBodyError, ConflictError, NotFoundError } from '../errors';
import { unreachableRepo, type Connections } from '../repos/connections';
import { checkDraftFiles } from './draft-check';
import { draftProblems } from './draft-rules';
import { checkSetFiles } from './set-check';
import { setProblems } from './set-rules';
import { previewUrl } from './preview-url';

/** A pull request of a connected repository (`fullName` is `owner/name`). */
export interface PullRef {
  fullName: string;
  number: number;
}

/** A pull request as a user reads or acts on it: GitHub is called with `userId`'s own token. */
export interface PullOptions extends PullRef {
  userId: string;
}

/** A pull request published or updated by `login`, whose name its commits carry. */
export type PullActorOptions = Actor & PullRef;

export interface PullDeps {
  pullHost: PullHost;
  /** Branch rules, reviews and checks (the review workflow of protected branches). */
  reviewHost: ReviewHost;
  gitHost: Pick<GitHost, 'snapshot'>;
  /** The bytes of the media files a draft adds, for the upload rules (draft-check.ts). */
  mediaHost: Pick<MediaHost, 'readBlob'>;
  connections: Pick<Connections, 'key' | 'requireFrom'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
}

/** The config blob read alongside a pull request, for field order and preview URLs. */
export const configBlob = { config: { path: cmsConfigFileName } };

/** A config that no longer parses must not break reviewing: field order and previews fall back. */
export function configFrom(blob: BlobText | null | undefined, fallback: CmsConfig): CmsConfig {
  if (!blob?.text || blob.isTruncated) return fallback;
  try {
    return readCmsConfig(blob.text);
  } catch {
    return fallback;
  }
}

/** A CMS branch: an item's draft `cms/{collection}/{slug}` or a change set `cms/_sets/{name}`. */
export const isCmsBranch = (branch: string): boolean =>
  parseDraftBranch(branch) !== undefined || parseSetBranch(branch) !== undefined;

export const summaryOf = (pull: PullInfo, config: CmsConfig | undefined) => {
  const set = parseSetBranch(pull.headRef);
  const draft = parseDraftBranch(pull.headRef) ?? { collection: '', slug: '' };
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
    ...(set !== undefined && { set }),
  };
};

export const detailOf = (
  pull: PullInfo,
  config: CmsConfig | undefined,
  mergeBlockers: MergeBlocker[],
) => ({
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
export async function openRepo(
  deps: PullDeps,
  { userId, fullName }: { userId: string; fullName: string },
) {
  const access = await deps.providerAccess.readAlongside(userId, [deps.connections.key(fullName)]);
  const connection = deps.connections.requireFrom(fullName, access.items[0]);
  const repo: RepoId = repoId(connection.fullName);
  const call = <T>(fn: (token: string) => Promise<T>) => access.withToken(fn);
  return { connection, repo, call, fullName };
}

export type OpenedRepo = Awaited<ReturnType<typeof openRepo>>;

/** A pull request of an opened repository; `allowOther` reads one that is not a CMS draft too. */
export interface DraftPullOptions {
  opened: OpenedRepo;
  number: number;
  allowOther?: boolean;
}

/**
 * A pull request on a `cms/{collection}/{slug}` branch or a change set's `cms/_sets/{name}`, read
 * with its changed files. Any other pull request is out of reach of these routes (404): a token
 * allowed to publish drafts must never merge someone's code. For the routes that only read or comment: whether it is a genuine draft is
 * not asked (requireDraftPull asks it).
 */
export async function readDraftPull(deps: PullDeps, options: DraftPullOptions) {
  const { opened, number } = options;
  const view = await opened.call((token) =>
    deps.pullHost.getPull(token, opened.repo, number, configBlob),
  );
  if (!view) throw unreachableRepo(opened.fullName);
  const isDraft = isCmsBranch(view.pull.headRef);
  if (!isDraft && !options.allowOther)
    throw new NotFoundError(`Pull request #${number} is not a CMS draft`);
  return { ...view, isDraft, config: configFrom(view.blobs.config, opened.connection.config) };
}

/**
 * readDraftPull, with `problems`: why it is not a genuine draft (draft-rules.ts); the actions that
 * write refuse those with `refuseUnlessGenuine`. The files it keeps are read at its head
 * (draft-check.ts: one round trip, and one per media file its item references), except for a
 * pull request from a fork, which is refused for that whatever its files hold.
 */
export async function requireDraftPull(deps: PullDeps, options: DraftPullOptions) {
  const { opened } = options;
  const view = await readDraftPull(deps, options);
  const pull = await withRenameSources(deps, {
    opened,
    pull: view.pull,
    defaultBranchOid: view.defaultBranchOid,
  });
  // A change set is checked by its own rules (set-rules.ts), any item of any collection.
  const isSet = parseSetBranch(pull.headRef) !== undefined;
  const at = {
    repo: opened.repo,
    call: opened.call,
    pull,
    config: view.config,
    defaultBranchOid: view.defaultBranchOid,
  };
  const files = pull.crossRepository
    ? undefined
    : await (isSet ? checkSetFiles(deps, at) : checkDraftFiles(deps, at));
  const facts = { pull, defaultBranch: view.defaultBranch, config: view.config, files };
  return { ...view, pull, problems: isSet ? setProblems(facts) : draftProblems(facts) };
}

/**
 * GitHub's list of a pull request's files says a file was renamed but not from where; the draft
 * rules need the source. Only then, one more round trip compares the default branch with the head
 * the files were read at and fills in each rename's `previousPath`.
 */
async function withRenameSources(
  deps: PullDeps,
  {
    opened,
    pull,
    defaultBranchOid,
  }: { opened: OpenedRepo; pull: PullInfo; defaultBranchOid: string },
): Promise<PullInfo> {
  const changed = pull.changedFiles;
  if (!changed?.files.some((file) => file.change === 'renamed' && file.previousPath === undefined))
    return pull;
  const comparison = await opened.call((token) =>
    deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha),
  );
  const sources = new Map(
    comparison.files.flatMap((file) =>
      file.status === 'renamed' && file.previousPath
        ? [[file.path, file.previousPath] as const]
        : [],
    ),
  );
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

export function refuseUnlessGenuine(
  problems: MergeBlocker[],
  action: keyof typeof refusedActions,
): void {
  const [first] = problems;
  if (!first) return;
  const error = `${first.message} The CMS does not ${refusedActions[action]}.`;
  if (action === 'merge')
    throw new ConflictBodyError({ merged: false, reason: first.reason, error });
  if (action === 'update') throw new ConflictBodyError({ ok: false, reason: first.reason, error });
  throw new ConflictError(error, { details: { reason: first.reason } });
}
