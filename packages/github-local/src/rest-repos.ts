import { findRepo, findUser, repoPermissions } from './access';
import { fullRepository } from './rest-shapes';
import { restError, type RestRoute } from './rest-router';

const GET_REPO_DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';

export const repoRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}',
    auth: 'token',
    handle(ctx, req) {
      const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
      const permissions = repo ? repoPermissions(ctx, req.caller, repo) : null;
      const owner = repo ? findUser(ctx, repo.owner) : undefined;
      // Private repositories are invisible without access: 404, never 403.
      if (!repo || !permissions || !owner) return restError(404, 'Not Found', GET_REPO_DOCS);
      return { status: 200, body: fullRepository(ctx, repo, owner, permissions) };
    },
  },
];
