import type { HostContext } from './context';
import { diffEntries } from './git-diff';
import { mergeBase } from './git-merge';
import { gitDirOf } from './pull-model';
import { diffEntryShape } from './pull-shapes';
import { isResult, repoAccess } from './pulls-state';
import { paginate } from './rest-pagination';
import { loadPull } from './rest-pulls';
import type { RestRequest, RestResult, RestRoute } from './rest-router';

const DOCS = 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files';

/** GitHub lists at most this many files of a pull request, whatever the page. */
export const MAX_PULL_FILES = 3000;

/**
 * The files a pull request changes, from the merge base to its head (what its "Files changed"
 * tab shows), in GitHub's diff-entry shape, paginated (30 by default, 100 at most per page).
 */
async function listFiles(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'pull_requests', write: false }, DOCS);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, DOCS);
  if ('status' in pull) return pull;
  const gitDir = gitDirOf(ctx, access.repo);
  const base = (await mergeBase(gitDir, pull.baseSha, pull.headSha)) ?? pull.baseSha;
  const entries = await diffEntries(gitDir, base, pull.headSha);
  const page = paginate(ctx, req, entries.slice(0, MAX_PULL_FILES));
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((entry) => diffEntryShape(ctx, access.repo, pull.headSha, entry)),
  };
}

export const pullFileRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}/files',
    auth: 'token',
    handle: listFiles,
  },
];
