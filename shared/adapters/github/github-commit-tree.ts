import { ConflictError, OverlapError } from '../../errors';
import { noRetry, type GitHubClient } from './github-client';
import { classifyRefusal, statusOfError, translateProviderError } from './github-errors';
import { refPath, repoUrl } from './github-pulls-write';
import type { RepoId } from '../../ports/git-host';
import type { CommitTreeInput } from '../../ports/pull-host';

const at = (repo: RepoId) => ({ owner: repo.owner, repo: repo.name });

type TreeMode = '100644' | '100755' | '040000' | '160000' | '120000';

/**
 * A commit is made again on a moved branch at most this many times (four round trips each), as
 * many as the contents API writes are repeated (github-content.ts): under a steady stream of other
 * commits each attempt may lose again, and the answer is then an honest "try again".
 */
const maxRebuilds = 5;

/**
 * Git Data API: tree on top of the first parent's, commit, then the ref (fast-forward unless
 * forced). With `rebuildOnMove`, a ref update refused because the branch moved is followed by one
 * GraphQL read of the new head and of every touched path on both heads; when none differs, the
 * tree, the commit and the ref update are made again on the new head.
 */
export async function commitTree(
  client: GitHubClient,
  repo: RepoId,
  input: CommitTreeInput,
): Promise<string> {
  const rebuildable = input.rebuildOnMove === true && input.parents.length === 1 && !input.force;
  let attempt = input;
  for (let rebuilt = 0; ; rebuilt += 1) {
    const outcome = await commitOnce(client, repo, attempt);
    if ('sha' in outcome) return outcome.sha;
    if (!rebuildable)
      throw new ConflictError(`${input.branch} moved while it was being updated; try again`, {
        cause: outcome.moved,
      });
    if (rebuilt === maxRebuilds) {
      throw new ConflictError(
        `${input.branch} kept moving while this commit was being made (another commit landed first ${maxRebuilds + 1} times); nothing was committed: try again`,
        { cause: outcome.moved },
      );
    }
    const head = await movedHead(
      client,
      repo,
      {
        branch: input.branch,
        from: attempt.parents[0]!,
        paths: input.changes.map((change) => change.path),
      },
      outcome.moved,
    );
    attempt = { ...input, parents: [head.oid], baseTree: head.tree, treeFrom: undefined };
  }
}

async function commitOnce(
  client: GitHubClient,
  repo: RepoId,
  input: CommitTreeInput,
): Promise<{ sha: string } | { moved: unknown }> {
  try {
    const baseTree =
      input.baseTree ??
      (
        await client.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
          ...at(repo),
          commit_sha: input.treeFrom ?? input.parents[0]!,
        })
      ).data.tree.sha;
    const tree = input.changes.map((change) =>
      'oid' in change
        ? {
            path: change.path,
            mode: change.mode as TreeMode,
            type: change.mode === '160000' ? ('commit' as const) : ('blob' as const),
            sha: change.oid,
          }
        : change.content === null
          ? { path: change.path, mode: '100644' as const, type: 'blob' as const, sha: null }
          : {
              path: change.path,
              mode: change.mode ?? ('100644' as const),
              type: 'blob' as const,
              content: change.content,
            },
    );
    const { data: newTree } = await client.request('POST /repos/{owner}/{repo}/git/trees', {
      ...at(repo),
      base_tree: baseTree,
      tree,
      ...noRetry,
    });
    const { data: commit } = await client.request('POST /repos/{owner}/{repo}/git/commits', {
      ...at(repo),
      message: input.message,
      tree: newTree.sha,
      parents: input.parents,
      ...noRetry,
    });
    try {
      await client.request({
        method: 'PATCH',
        url: `${repoUrl(repo)}/git/refs/heads/${refPath(input.branch)}`,
        sha: commit.sha,
        force: input.force,
        ...noRetry,
      });
    } catch (error) {
      // 422 "Update is not a fast forward": the branch is no longer at the parent. A protected
      // branch's 422 is a refusal of its own (translated below).
      if (statusOfError(error) === 422 && classifyRefusal(error) !== 'protected-branch')
        return { moved: error };
      throw error;
    }
    return { sha: commit.sha };
  } catch (error) {
    translateProviderError(error, `committing to ${input.branch}`);
  }
}

/** The branch's head and, for each path, its entry there and at `from`: one GraphQL document. */
export function buildMovedQuery(
  repo: RepoId,
  input: { branch: string; from: string; paths: string[] },
) {
  const declarations = [
    '$owner: String!',
    '$name: String!',
    '$ref: String!',
    '$from: GitObjectID!',
    ...input.paths.map((_, n) => `$p${n}: String!`),
  ];
  const files = (alias: string) =>
    input.paths.map((_, n) => `${alias}${n}: file(path: $p${n}) { oid mode }`).join(' ');
  return {
    query: `query MovedBranch(${declarations.join(', ')}) { repository(owner: $owner, name: $name) {
      ref(qualifiedName: $ref) { target { oid ... on Commit { tree { oid } ${files('now')} } } }
      object(oid: $from) { ... on Commit { ${files('was')} } }
    } }`,
    variables: {
      owner: repo.owner,
      name: repo.name,
      ref: `refs/heads/${input.branch}`,
      from: input.from,
      ...Object.fromEntries(input.paths.map((path, n) => [`p${n}`, path])),
    } as Record<string, string>,
  };
}

type Entry = { oid: string; mode: number } | null;
interface RawMoved {
  repository: {
    ref: {
      target: ({ oid: string; tree?: { oid: string } } & Record<string, Entry>) | null;
    } | null;
    object: Record<string, Entry> | null;
  } | null;
}

/**
 * The head a rebuild goes on, when none of `paths` differs between `from` and it; otherwise the
 * overlap, as OverlapError naming the paths another commit changed.
 */
async function movedHead(
  client: GitHubClient,
  repo: RepoId,
  input: { branch: string; from: string; paths: string[] },
  refusal: unknown,
) {
  const { query, variables } = buildMovedQuery(repo, input);
  let answer: RawMoved;
  try {
    answer = await client.graphql<RawMoved>(query, variables);
  } catch (error) {
    translateProviderError(error, `reading ${input.branch}`);
  }
  const target = answer.repository?.ref?.target;
  if (!target?.tree)
    throw new ConflictError(
      `${input.branch} was deleted while this commit was being made; nothing was committed`,
      { cause: refusal },
    );
  // Refused although the branch is still at the parent: not a move, so not something to rebuild.
  if (target.oid === input.from) translateProviderError(refusal, `committing to ${input.branch}`);
  const was = answer.repository?.object ?? {};
  const key = (entry: Entry | undefined) => (entry ? `${entry.oid} ${entry.mode}` : 'absent');
  const changed = input.paths.filter((_, n) => key(target[`now${n}`]) !== key(was[`was${n}`]));
  if (changed.length > 0) {
    throw new OverlapError(
      `${changed.join(', ')} changed on ${input.branch} while this commit was being made; reload and try again`,
      { paths: changed, cause: refusal },
    );
  }
  return { oid: target.oid, tree: target.tree.oid };
}
