import { repoPermissions } from '../access';
import { gitDirOf, syncRepoPulls } from '../pull-model';
import { pullIdOfNode } from '../pull-shapes';
import { collaboration } from '../pulls-state';
import { isoSeconds } from '../repos';
import { TypedGraphQLError } from './errors';
import { PullRequestNode } from './pull-nodes';
import { RepositoryNode } from './repository-node';
import type { RequestScope } from './request-scope';

/**
 * GitHub's `markPullRequestReadyForReview` and `convertPullRequestToDraft` mutations: input
 * `{pullRequestId, clientMutationId}`, payload `{pullRequest, clientMutationId}`.
 *
 * Access as for the other writes of this host: a pull request the caller cannot see is an unknown
 * node (NOT_FOUND); users need push access or must be its author, installation tokens the
 * `pull_requests: write` app permission (FORBIDDEN otherwise). A closed pull request is refused
 * (UNPROCESSABLE). Marking a pull request that is already in the asked state changes nothing and
 * answers it, so a repeated call is harmless.
 */
export interface DraftMutationInput {
  pullRequestId: string;
  clientMutationId?: string | null;
}

export async function setDraft(
  scope: RequestScope,
  input: DraftMutationInput,
  draft: boolean,
  mutation: string,
) {
  const { ctx, caller } = scope;
  const unknown = () =>
    new TypedGraphQLError(
      `Could not resolve to a node with the global id of '${input.pullRequestId}'`,
      'NOT_FOUND',
    );
  const id = pullIdOfNode(input.pullRequestId);
  const found = id === null ? undefined : collaboration(ctx).pulls.find((pull) => pull.id === id);
  const repo = found && ctx.state.repos.find((record) => record.id === found.repoId);
  const permissions = repo ? repoPermissions(ctx, caller, repo) : null;
  if (!found || !repo || !permissions?.pull) throw unknown();
  if (caller.kind === 'installation') {
    const installation = ctx.state.installations.find(
      (record) => record.id === caller.installationId,
    );
    if (installation?.permissions.pull_requests !== 'write')
      throw new TypedGraphQLError('Resource not accessible by integration', 'FORBIDDEN');
  } else if (!permissions.push && found.user !== caller.login) {
    throw new TypedGraphQLError(
      `${caller.login} does not have the correct permissions to execute \`${mutation}\``,
      'FORBIDDEN',
    );
  }
  // A pull request whose branch was deleted is closed first, as every read of this host does.
  await syncRepoPulls(ctx, repo);
  if (found.state !== 'open')
    throw new TypedGraphQLError('Pull request is closed', 'UNPROCESSABLE');
  if ((found.draft === true) !== draft) {
    found.draft = draft;
    found.updatedAt = isoSeconds(ctx.now());
    ctx.save();
  }
  const repository = new RepositoryNode(scope, repo, gitDirOf(ctx, repo));
  return {
    clientMutationId: input.clientMutationId ?? null,
    pullRequest: new PullRequestNode(repository, found),
  };
}
