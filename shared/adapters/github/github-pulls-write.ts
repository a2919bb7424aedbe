import { InvalidInputError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { noRetry, type GitHubClient } from './github-client';
import {
  classifyRefusal,
  graphqlErrorTypes,
  isGraphqlRefusal,
  providerMessage,
  statusOfError,
  translateProviderError,
} from './github-errors';
import type { RepoId } from '../../ports/git-host';
import type {
  BranchDeletion,
  BranchMergeOutcome,
  ChangedFile,
  CommentInfo,
  Comparison,
  MergeOutcome,
} from '../../ports/pull-host';

const at = (repo: RepoId) => ({ owner: repo.owner, repo: repo.name });
/** Branch names keep their slashes in URLs (`git/refs/heads/cms/posts/x`); each part is encoded. */
export const refPath = (branch: string) => branch.split('/').map(encodeURIComponent).join('/');
export const repoUrl = (repo: RepoId) =>
  `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;

export async function createPull(
  client: GitHubClient,
  repo: RepoId,
  input: { head: string; base: string; title: string; body: string; draft?: boolean },
) {
  try {
    const { data } = await client.request('POST /repos/{owner}/{repo}/pulls', {
      ...at(repo),
      ...input,
      ...noRetry,
    });
    return { number: data.number, htmlUrl: data.html_url };
  } catch (error) {
    const refusal = classifyRefusal(error);
    if (refusal === 'already-exists')
      throw new ConflictError(`An open pull request already exists for ${input.head}`, {
        cause: error,
      });
    if (refusal === 'no-commits')
      throw new InvalidInputError(`${input.head} has no changes compared to ${input.base}`, {
        cause: error,
      });
    // A plan without draft pull requests (private repositories on GitHub Free and Pro): the draft
    // is opened ready for review instead ("In review" on the board) rather than not at all.
    if (refusal === 'drafts-unsupported' && input.draft)
      return createPull(client, repo, { ...input, draft: false });
    translateProviderError(error, 'opening the pull request');
  }
}

/** GitHub's own mutations for a draft pull request's state, by the pull request's node id. */
export const draftMutations = {
  ready:
    'mutation Ready($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }',
  toDraft:
    'mutation ToDraft($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } } }',
};

/** Marks the pull request ready for review (`draft` false) or converts it to a draft (`draft` true). */
export async function setDraft(
  client: GitHubClient,
  pull: { number: number; nodeId: string },
  draft: boolean,
) {
  const what = `${draft ? 'converting' : 'marking'} pull request #${pull.number} ${draft ? 'to a draft' : 'ready for review'}`;
  try {
    await client.graphql(draft ? draftMutations.toDraft : draftMutations.ready, {
      id: pull.nodeId,
      ...noRetry,
    });
  } catch (error) {
    const types = graphqlErrorTypes(error);
    if (types.includes('NOT_FOUND'))
      throw new NotFoundError(`Not found on GitHub while ${what}`, { cause: error });
    if (types.includes('FORBIDDEN'))
      throw new ForbiddenError(`GitHub refused access while ${what}`, { cause: error });
    if (types.includes('UNPROCESSABLE'))
      throw new ConflictError(
        `GitHub refused ${what}: ${providerMessage(error) || (error as Error).message}`,
        { cause: error },
      );
    translateProviderError(error, what);
  }
}

export async function closePull(client: GitHubClient, repo: RepoId, number: number) {
  try {
    await client.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...at(repo),
      pull_number: number,
      state: 'closed',
      ...noRetry,
    });
  } catch (error) {
    translateProviderError(error, `closing pull request #${number}`);
  }
}

const conflictsMessage =
  'The draft conflicts with the default branch: update or rebase it, then publish again';

/** 409 = the head moved since it was read; 405 = not mergeable, in GitHub's words. */
export async function squashMerge(
  client: GitHubClient,
  repo: RepoId,
  number: number,
  input: { sha: string; title: string; message: string; method?: 'squash' | 'merge' | 'rebase' },
): Promise<MergeOutcome> {
  try {
    const { data } = await client.request('PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge', {
      ...at(repo),
      pull_number: number,
      merge_method: input.method ?? 'squash',
      sha: input.sha,
      commit_title: input.title,
      commit_message: input.message,
      ...noRetry,
    });
    return { merged: true, sha: data.sha };
  } catch (error) {
    const status = statusOfError(error);
    if (status === 409)
      return {
        merged: false,
        reason: 'head-moved',
        message: 'The draft changed since it was read; reload it and merge again',
      };
    if (status === 405 || status === 422) {
      const message = providerMessage(error);
      if (classifyRefusal(error) === 'not-mergeable')
        return { merged: false, reason: 'conflicts', message: conflictsMessage };
      return {
        merged: false,
        reason: 'refused',
        message: message ? `GitHub refused the merge: ${message}` : 'GitHub refused the merge',
      };
    }
    translateProviderError(error, `merging pull request #${number}`);
  }
}

export async function mergeBranch(
  client: GitHubClient,
  repo: RepoId,
  input: { base: string; head: string; message: string },
): Promise<BranchMergeOutcome> {
  try {
    const { status } = await client.request('POST /repos/{owner}/{repo}/merges', {
      ...at(repo),
      base: input.base,
      head: input.head,
      commit_message: input.message,
      ...noRetry,
    });
    // 204: nothing to merge (the typings know only 201).
    return (status as number) === 204 ? 'up-to-date' : 'merged';
  } catch (error) {
    if (statusOfError(error) === 409) return 'conflicts';
    if (statusOfError(error) === 404)
      throw new NotFoundError(`Branch ${input.base} or ${input.head} no longer exists`, {
        cause: error,
      });
    translateProviderError(error, `merging ${input.head} into ${input.base}`);
  }
}

export async function compare(
  client: GitHubClient,
  repo: RepoId,
  base: string,
  head: string,
): Promise<Comparison> {
  try {
    const { data } = await client.request({
      method: 'GET',
      url: `${repoUrl(repo)}/compare/${refPath(base)}...${refPath(head)}`,
      per_page: 100,
    });
    const answer = data as {
      merge_base_commit: { sha: string };
      files?: { filename: string; status: string; previous_filename?: string }[];
    };
    const files: ChangedFile[] = (answer.files ?? []).map((file) => ({
      path: file.filename,
      status: (['added', 'removed', 'renamed'].includes(file.status)
        ? file.status
        : 'modified') as ChangedFile['status'],
      ...(file.previous_filename ? { previousPath: file.previous_filename } : {}),
    }));
    return { mergeBase: answer.merge_base_commit.sha, files };
  } catch (error) {
    translateProviderError(error, `comparing ${base} with ${head}`);
  }
}

export async function createBranch(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
  sha: string,
): Promise<boolean> {
  try {
    await client.request('POST /repos/{owner}/{repo}/git/refs', {
      ...at(repo),
      ref: `refs/heads/${branch}`,
      sha,
      ...noRetry,
    });
    return true;
  } catch (error) {
    if (classifyRefusal(error) === 'already-exists') return false;
    translateProviderError(error, `creating the branch ${branch}`);
  }
}

/** GitHub's all-or-nothing ref updates, each guarded by the value the ref must hold first. */
export const refMutations = {
  updateRefs:
    'mutation UpdateRefs($input: UpdateRefsInput!) { updateRefs(input: $input) { clientMutationId } }',
};
const noObject = '0'.repeat(40);

/**
 * Deletes the branch only while it points at `head`: updateRefs with that `beforeOid` and an
 * all-zero `afterOid`. GitHub words its refusals in no documented way, so after one the branch is
 * read again (one more round trip, only then) to say where it is.
 */
export async function deleteBranch(
  client: GitHubClient,
  repo: RepoId,
  input: { repositoryId: string; branch: string; head: string },
): Promise<BranchDeletion> {
  const what = `deleting the branch ${input.branch}`;
  try {
    const refUpdates = [
      {
        name: `refs/heads/${input.branch}`,
        beforeOid: input.head,
        afterOid: noObject,
        force: true,
      },
    ];
    await client.graphql(refMutations.updateRefs, {
      input: { repositoryId: input.repositoryId, refUpdates },
      ...noRetry,
    });
    return { deleted: true };
  } catch (error) {
    const types = graphqlErrorTypes(error);
    if (types.includes('NOT_FOUND'))
      throw new NotFoundError(`Not found on GitHub while ${what}`, { cause: error });
    if (types.includes('FORBIDDEN'))
      throw new ForbiddenError(`GitHub refused access while ${what}`, { cause: error });
    if (!isGraphqlRefusal(error)) translateProviderError(error, what);
  }
  return { deleted: false, head: await branchHead(client, repo, input.branch) };
}

/** Where a branch points, or null when there is no such branch. */
async function branchHead(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
): Promise<string | null> {
  try {
    const { data } = await client.request({
      method: 'GET',
      url: `${repoUrl(repo)}/git/ref/heads/${refPath(branch)}`,
    });
    return (data as { object: { sha: string } }).object.sha;
  } catch (error) {
    if (statusOfError(error) === 404) return null;
    translateProviderError(error, `reading the branch ${branch}`);
  }
}

const toComment = (raw: {
  id: number | bigint;
  body?: string;
  user: { login: string; avatar_url: string } | null;
  created_at: string;
}): CommentInfo => ({
  id: Number(raw.id),
  body: raw.body ?? '',
  author: raw.user?.login ?? 'ghost',
  avatarUrl: raw.user?.avatar_url ?? '',
  createdAt: raw.created_at,
});

export async function listComments(client: GitHubClient, repo: RepoId, number: number) {
  try {
    const comments = await client.paginate(
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { ...at(repo), issue_number: number, per_page: 100 },
    );
    return comments.map(toComment);
  } catch (error) {
    translateProviderError(error, `reading the comments of #${number}`);
  }
}

export async function createComment(
  client: GitHubClient,
  repo: RepoId,
  number: number,
  body: string,
) {
  try {
    const { data } = await client.request(
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { ...at(repo), issue_number: number, body, ...noRetry },
    );
    return toComment(data);
  } catch (error) {
    translateProviderError(error, `commenting on #${number}`);
  }
}
