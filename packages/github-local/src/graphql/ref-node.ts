import type { GitRef } from '../git-refs';
import type { PullRecord } from '../state';
import { objectNode, type GitObjectNode } from './git-object-nodes';
import { pullConnection, type PullFilterArgs } from './pull-nodes';
import type { RepositoryNode } from './repository-node';

/** A branch or tag, its target, and the pull requests whose head it is. */

export class RefNode {
  readonly __typename = 'Ref';

  constructor(
    readonly repository: RepositoryNode,
    private readonly git: GitRef,
    readonly prefix: string,
  ) {}

  get name(): string {
    return this.git.ref.slice(this.prefix.length);
  }

  async target(): Promise<GitObjectNode | null> {
    return objectNode(this.repository, await this.repository.loader.object(this.git.oid), null);
  }

  /**
   * This repository's pull requests whose head is this branch, oldest first. A pull request from a
   * fork's branch of the same name is not one of them (and a fork's refs do not list the parent's
   * pull requests on this host).
   */
  async associatedPullRequests(args: PullFilterArgs) {
    const branch = this.git.ref.startsWith('refs/heads/')
      ? this.git.ref.slice('refs/heads/'.length)
      : null;
    const own = (pull: PullRecord) =>
      pull.headRepoId === undefined || pull.headRepoId === this.repository.record.id;
    const pulls = (await this.repository.pullRecords()).filter(
      (pull) => branch !== null && pull.headRef === branch && own(pull),
    );
    return pullConnection(this.repository, pulls, args, 'associatedPullRequests');
  }
}
