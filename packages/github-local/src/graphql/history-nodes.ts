import { runGit } from '../git-command';
import type { GitSignature } from '../git-objects';
import type { UserRecord } from '../state';
import { connection, type PageArgs } from './connection';
import { objectNode } from './git-object-nodes';
import { pullConnection, UserNode } from './pull-nodes';
import type { RepositoryNode } from './repository-node';
import type { RequestScope } from './request-scope';

/** The author or committer of a commit, and the GitHub user its email belongs to. */
export class GitActorNode {
  constructor(
    private readonly scope: RequestScope,
    private readonly signature: GitSignature,
  ) {}

  get name(): string {
    return this.signature.name;
  }
  get email(): string {
    return this.signature.email;
  }
  get date(): string {
    return this.signature.date;
  }
  /** As on GitHub: the account whose email (or no-reply address) the commit names; null for none. */
  user(): UserNode | null {
    const email = this.signature.email.toLowerCase();
    const owns = (user: UserRecord) =>
      user.email?.toLowerCase() === email ||
      `${user.id}+${user.login}@users.noreply.github.com`.toLowerCase() === email;
    const user = this.scope.ctx.state.users.find(owns);
    return user ? new UserNode(this.scope, user) : null;
  }
}

export interface HistoryArgs extends PageArgs {
  path?: string | null;
}

/**
 * The commits reachable from `oid` that touched `path` (every commit without one), newest first,
 * as `git log` lists them: GitHub's history does not follow renames either. The path is taken
 * literally (no pathspec magic) and, as on GitHub, a folder matches every file under it.
 */
export async function commitHistory(repository: RepositoryNode, oid: string, args: HistoryArgs) {
  const path = (args.path ?? '').replace(/^\/+|\/+$/g, '');
  const out = await runGit(repository.gitDir, [
    '--literal-pathspecs',
    'log',
    '--format=%H',
    oid,
    '--',
    ...(path === '' ? [] : [path]),
  ]);
  const shas = out.split('\n').filter((line) => line.length > 0);
  const page = connection(shas, args, 'history');
  const nodes = await Promise.all(
    page.nodes.map(async (sha) =>
      objectNode(repository, await repository.loader.object(sha), null),
    ),
  );
  return { ...page, nodes };
}

/**
 * The pull requests a commit belongs to: the one it was merged by (its merge commit, squash or
 * not) and those whose head it is, oldest first.
 */
export async function commitPullRequests(repository: RepositoryNode, oid: string, args: PageArgs) {
  const pulls = (await repository.pullRecords()).filter(
    (pull) =>
      (pull.mergedAt !== null && pull.mergeCommitSha === oid) ||
      (pull.mergedAt === null && pull.headSha === oid),
  );
  return pullConnection(repository, pulls, args, 'associatedPullRequests');
}
