import { effectiveRules, PROTECTED_BRANCH_DOCS, pushRefusal } from './branch-protection';
import type { HostContext } from './context';
import { GitCommandError } from './git-command';
import { isAncestor } from './git-refs';
import type { GitIdentity } from './git-write';
import {
  commitsBetween,
  createCommit,
  mergeBase,
  mergeCommits,
  mergeTreesWithBase,
  resolveBranch,
  resolveCommitish,
  updateRefs,
  WEB_FLOW,
} from './git-merge';
import { gitDirOf, syncRepoPulls } from './pull-model';
import {
  bodyObject,
  findPull,
  headRepoOf,
  isResult,
  pullKey,
  repoAccess,
  validationFailed,
  withLock,
  type RepoAccess,
} from './pulls-state';
import { isoSeconds } from './repos';
import { commitBySha } from './rest-compare';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { mergeBlocker } from './reviews';
import type { PullRecord, RepoRecord, UserRecord } from './state';

const PULL_MERGE_DOCS = 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request';
const MERGES_DOCS = 'https://docs.github.com/rest/branches/branches#merge-a-branch';
/** Attempts when the base branch moves between our merge and our compare-and-swap of its ref. */
const ATTEMPTS = 4;

export function identityOf(ctx: HostContext, user: UserRecord): GitIdentity {
  const email = user.email ?? `${user.id}+${user.login}@users.noreply.github.com`;
  return { name: user.name || user.login, email, date: new Date(ctx.now()).toISOString() };
}

function webFlow(ctx: HostContext): GitIdentity {
  return { ...WEB_FLOW, date: new Date(ctx.now()).toISOString() };
}

/**
 * Moves a branch only if it still points at `expected`, and only while every `unmoved` branch still
 * points where it did (checked in the same transaction); false when someone else moved one first.
 */
async function casBranch(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  sha: string,
  expected: string,
  unmoved: { branch: string; sha: string }[] = [],
): Promise<boolean> {
  try {
    const verify = unmoved.map((held) => ({ ref: `refs/heads/${held.branch}`, sha: held.sha }));
    await updateRefs(gitDirOf(ctx, repo), [{ ref: `refs/heads/${branch}`, sha, expected }], verify);
  } catch (error) {
    if (error instanceof GitCommandError) return false;
    throw error;
  }
  repo.pushedAt = isoSeconds(ctx.now());
  repo.updatedAt = repo.pushedAt;
  ctx.save();
  return true;
}

export type BranchMergeResult =
  | { kind: 'merged'; sha: string }
  | { kind: 'up-to-date' }
  | { kind: 'conflict' }
  | { kind: 'missing-base' }
  | { kind: 'missing-head' }
  | { kind: 'blocked'; message: string }
  | { kind: 'moved' };

/**
 * Merges `head` (branch or sha) into branch `base` with a two-parent merge commit, as the merges
 * endpoint does. The base ref moves by compare-and-swap; a base that moved meanwhile is merged again.
 */
export async function mergeIntoBranch(
  ctx: HostContext,
  repo: RepoRecord,
  input: { base: string; head: string; message: string; author: GitIdentity; admin?: boolean },
): Promise<BranchMergeResult> {
  const gitDir = gitDirOf(ctx, repo);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const baseSha = await resolveBranch(gitDir, input.base);
    if (!baseSha) return { kind: 'missing-base' };
    const headSha = await resolveCommitish(gitDir, input.head);
    if (!headSha) return { kind: 'missing-head' };
    if (await isAncestor(gitDir, headSha, baseSha)) return { kind: 'up-to-date' };
    const outcome = await mergeCommits(gitDir, baseSha, headSha);
    if (!outcome.clean) return { kind: 'conflict' };
    const sha = await createCommit(gitDir, {
      tree: outcome.tree,
      parents: [baseSha, headSha],
      message: input.message,
      author: input.author,
      committer: webFlow(ctx),
    });
    // A direct update of the base: a brand-new merge commit has no statuses yet, so a branch with
    // required checks refuses it, as does one that requires pull requests or a linear history.
    const blocked = pushRefusal(ctx, repo, input.base, {
      newSha: sha,
      fastForward: true,
      admin: input.admin === true,
      mergeCommit: true,
    });
    if (blocked) return { kind: 'blocked', message: blocked };
    if (await casBranch(ctx, repo, input.base, sha, baseSha)) return { kind: 'merged', sha };
  }
  return { kind: 'moved' };
}

async function merges(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'contents', write: true }, MERGES_DOCS);
  if (isResult(access)) return access;
  const input = bodyObject(req.body);
  const missing = ['base', 'head'].filter(
    (field) => typeof input[field] !== 'string' || input[field] === '',
  );
  if (missing.length > 0)
    return validationFailed(
      MERGES_DOCS,
      missing.map((field) => ({ resource: 'Merge', code: 'missing_field', field })),
    );
  const base = input.base as string;
  const head = input.head as string;
  const message =
    typeof input.commit_message === 'string' && input.commit_message !== ''
      ? input.commit_message
      : `Merge ${head} into ${base}`;
  const admin = req.caller.kind === 'user' && access.permissions.admin;
  const result = await mergeIntoBranch(ctx, access.repo, {
    base,
    head,
    message: `${message}\n`,
    author: identityOf(ctx, access.actor),
    admin,
  });
  await syncRepoPulls(ctx, access.repo);
  switch (result.kind) {
    case 'merged': {
      const body = await commitBySha(ctx, access.repo, result.sha);
      return { status: 201, headers: { location: body.url }, body };
    }
    case 'up-to-date':
      return { status: 204 };
    case 'conflict':
      return restError(409, 'Merge conflict', MERGES_DOCS);
    case 'missing-base':
      return restError(404, 'Base does not exist', MERGES_DOCS);
    case 'missing-head':
      return restError(404, 'Head does not exist', MERGES_DOCS);
    case 'blocked':
      return restError(409, result.message, PROTECTED_BRANCH_DOCS);
    case 'moved':
      return restError(
        409,
        'Base branch was modified. Review and try the merge again.',
        MERGES_DOCS,
      );
  }
}

type Method = 'merge' | 'squash' | 'rebase';

/** GitHub's default titles and messages (COMMIT_OR_PR_TITLE + COMMIT_MESSAGES for squash, PR_TITLE for merge). */
async function commitText(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
  method: Method,
  input: Record<string, unknown>,
): Promise<string> {
  const gitDir = gitDirOf(ctx, repo);
  const base = (await mergeBase(gitDir, pull.baseSha, pull.headSha)) ?? pull.baseSha;
  const commits = await commitsBetween(gitDir, base, pull.headSha);
  const subject = (message: string) => message.split('\n')[0] ?? '';
  let title: string;
  let message: string;
  if (method === 'squash') {
    const only = commits.length === 1 ? commits[0] : undefined;
    title = `${only ? subject(only.message) : pull.title} (#${pull.number})`;
    message = only
      ? only.message.split('\n').slice(1).join('\n').trim()
      : commits.map((commit) => `* ${commit.message.trim()}`).join('\n\n');
  } else {
    title = `Merge pull request #${pull.number} from ${headRepoOf(ctx, repo, pull).owner}/${pull.headRef}`;
    message = pull.title;
  }
  if (typeof input.commit_title === 'string' && input.commit_title !== '')
    title = input.commit_title;
  if (typeof input.commit_message === 'string') message = input.commit_message;
  return message.trim() === '' ? `${title}\n` : `${title}\n\n${message.trim()}\n`;
}

/** Replays the pull request's commits onto `baseSha`, each one merged against its own parent. */
async function rebaseOnto(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
  baseSha: string,
): Promise<string | null> {
  const gitDir = gitDirOf(ctx, repo);
  const base = (await mergeBase(gitDir, baseSha, pull.headSha)) ?? baseSha;
  const commits = await commitsBetween(gitDir, base, pull.headSha);
  if (commits.some((commit) => commit.parents.length !== 1)) return null;
  let current = baseSha;
  for (const commit of commits) {
    const outcome = await mergeTreesWithBase(
      gitDir,
      commit.parents[0] ?? base,
      current,
      commit.sha,
    );
    if (!outcome.clean) return null;
    current = await createCommit(gitDir, {
      tree: outcome.tree,
      parents: [current],
      message: commit.message,
      author: commit.author,
      committer: webFlow(ctx),
    });
  }
  return current;
}

async function landCommit(
  ctx: HostContext,
  access: RepoAccess,
  pull: PullRecord,
  method: Method,
  baseSha: string,
  input: Record<string, unknown>,
): Promise<string | null> {
  const gitDir = gitDirOf(ctx, access.repo);
  if (method === 'rebase') return rebaseOnto(ctx, access.repo, pull, baseSha);
  const outcome = await mergeCommits(gitDir, baseSha, pull.headSha);
  if (!outcome.clean) return null;
  const parents = method === 'squash' ? [baseSha] : [baseSha, pull.headSha];
  const message = await commitText(ctx, access.repo, pull, method, input);
  return createCommit(gitDir, {
    tree: outcome.tree,
    parents,
    message,
    author: identityOf(ctx, access.actor),
    committer: webFlow(ctx),
  });
}

const NOT_MERGEABLE = 'Pull Request is not mergeable';
const METHOD_SETTINGS = {
  merge: { key: 'allowMergeCommit', refusal: 'Merge commits are not allowed on this repository.' },
  squash: { key: 'allowSquashMerge', refusal: 'Squash merges are not allowed on this repository.' },
  rebase: { key: 'allowRebaseMerge', refusal: 'Rebase merges are not allowed on this repository.' },
} as const;

/** The repository's merge settings, then the base branch's rules (rulesets' allowed methods, linear history). */
function methodRefusal(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  method: Method,
  admin: boolean,
): string | null {
  const setting = METHOD_SETTINGS[method];
  if (repo[setting.key] === false) return setting.refusal;
  const rules = effectiveRules(ctx, repo, branch, { admin });
  if (rules.allowedMergeMethods.includes(method)) return null;
  return method === 'merge' && rules.linearHistory
    ? 'This branch must not contain merge commits.'
    : `The ${method} merge method is not allowed on this branch.`;
}

async function mergePull(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'contents', write: true }, PULL_MERGE_DOCS);
  if (isResult(access)) return access;
  const found = findPull(ctx, access.repo, Number(req.params.pull_number));
  if (!found) return restError(404, 'Not Found', PULL_MERGE_DOCS);
  const input = bodyObject(req.body);
  const method = (input.merge_method ?? 'merge') as Method;
  if (!['merge', 'squash', 'rebase'].includes(method)) {
    return validationFailed(PULL_MERGE_DOCS, [
      { resource: 'PullRequest', field: 'merge_method', code: 'invalid' },
    ]);
  }
  const expectedHead = typeof input.sha === 'string' ? input.sha : null;
  // One merge per pull request at a time: a second request waits and then finds it merged.
  return withLock(ctx, pullKey(found), async () => {
    const gitDir = gitDirOf(ctx, access.repo);
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      await syncRepoPulls(ctx, access.repo);
      const pull = found;
      if (pull.state !== 'open') return restError(405, NOT_MERGEABLE, PULL_MERGE_DOCS);
      // A draft pull request must be marked ready for review before it can be merged.
      if (pull.draft) return restError(405, 'Pull Request is still a draft', PULL_MERGE_DOCS);
      if (expectedHead !== null && expectedHead !== pull.headSha) {
        return restError(
          409,
          'Head branch was modified. Review and try the merge again.',
          PULL_MERGE_DOCS,
        );
      }
      // What is merged is the pull request as checked here: the record follows its branches while
      // git runs, so the merge works from a copy of it.
      const checked: PullRecord = { ...pull };
      const admin = req.caller.kind === 'user' && access.permissions.admin;
      const refusedMethod = methodRefusal(ctx, access.repo, checked.baseRef, method, admin);
      if (refusedMethod) return restError(405, refusedMethod, PULL_MERGE_DOCS);
      // Only a strict rule needs to know (one git process): the head must contain the base.
      const strict = effectiveRules(ctx, access.repo, checked.baseRef, { admin }).strict;
      const behind = strict && !(await isAncestor(gitDir, checked.baseSha, checked.headSha));
      const blocked = mergeBlocker(ctx, access.repo, checked, { admin, behind });
      if (blocked) return restError(405, blocked, PROTECTED_BRANCH_DOCS);
      const { baseSha, headSha } = checked;
      const sha = await landCommit(ctx, access, checked, method, baseSha, input);
      if (!sha) return restError(405, NOT_MERGEABLE, PULL_MERGE_DOCS);
      // The base moves only while the head is still the one merged, checked in the same transaction
      // (a fork's head lives in another repository, out of its reach): after a push meanwhile the
      // next round finds the new head and refuses with 409 when `sha` was given, as GitHub does.
      const sameRepo = headRepoOf(ctx, access.repo, checked) === access.repo;
      const unmoved = sameRepo ? [{ branch: checked.headRef, sha: headSha }] : [];
      if (!(await casBranch(ctx, access.repo, checked.baseRef, sha, baseSha, unmoved))) continue;
      const now = isoSeconds(ctx.now());
      Object.assign(pull, {
        state: 'closed',
        closedAt: now,
        updatedAt: now,
        mergedAt: now,
        mergedBy: access.actor.login,
        mergeCommitSha: sha,
        headSha,
        baseSha,
      });
      ctx.save();
      await updateRefs(gitDir, [{ ref: `refs/pull/${pull.number}/head`, sha: headSha }]);
      return {
        status: 200,
        body: { sha, merged: true, message: 'Pull Request successfully merged' },
      };
    }
    return restError(
      405,
      'Base branch was modified. Review and try the merge again.',
      PULL_MERGE_DOCS,
    );
  });
}

export const mergeRoutes: RestRoute[] = [
  {
    method: 'PUT',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
    auth: 'token',
    handle: mergePull,
  },
  { method: 'POST', path: '/repos/{owner}/{repo}/merges', auth: 'token', handle: merges },
];
