import type { HostContext } from './context';
import { diffEntries } from './git-diff';
import {
  commitsBetween,
  countCommits,
  logCommits,
  mergeBase,
  resolveCommitish,
  type CommitMeta,
} from './git-merge';
import { gitDirOf } from './pull-model';
import { diffEntryShape } from './pull-shapes';
import { isResult, repoAccess } from './pulls-state';
import { isoSeconds } from './repos';
import { paginate } from './rest-pagination';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { simpleUser } from './rest-shapes';
import type { RepoRecord } from './state';

const DOCS = 'https://docs.github.com/rest/commits/commits#compare-two-commits';
/** GitHub's limits for one comparison. */
const MAX_COMMITS = 250;
const MAX_FILES = 300;

function userByEmail(ctx: HostContext, email: string) {
  const lower = email.toLowerCase();
  const user = ctx.state.users.find(
    (candidate) =>
      candidate.email?.toLowerCase() === lower ||
      `${candidate.id}+${candidate.login}@users.noreply.github.com`.toLowerCase() === lower,
  );
  return user ? simpleUser(ctx, user) : null;
}

/** The REST "Commit" shape (without `stats`/`files`), as compare and merges answer it. */
export function commitShape(ctx: HostContext, repo: RepoRecord, commit: CommitMeta) {
  const full = `${repo.owner}/${repo.name}`;
  const api = `${ctx.apiUrl}/repos/${full}`;
  const person = (who: CommitMeta['author']) => ({
    name: who.name,
    email: who.email,
    date: isoSeconds(Date.parse(who.date)),
  });
  return {
    url: `${api}/commits/${commit.sha}`,
    sha: commit.sha,
    node_id: Buffer.from(`06:Commit${repo.id}:${commit.sha}`).toString('base64'),
    html_url: `${ctx.webUrl}/${full}/commit/${commit.sha}`,
    comments_url: `${api}/commits/${commit.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${commit.sha}`,
      author: person(commit.author),
      committer: person(commit.committer),
      message: commit.message.replace(/\n+$/, ''),
      comment_count: 0,
      tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    },
    author: userByEmail(ctx, commit.author.email),
    committer: userByEmail(ctx, commit.committer.email),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${ctx.webUrl}/${full}/commit/${sha}`,
    })),
  };
}

export async function commitBySha(ctx: HostContext, repo: RepoRecord, sha: string) {
  const [commit] = await logCommits(gitDirOf(ctx, repo), ['--no-walk', sha]);
  if (!commit) throw new Error(`No commit ${sha} in ${repo.owner}/${repo.name}`);
  return commitShape(ctx, repo, commit);
}

/** `base...head`; either side may be `owner:ref` for this repository's owner. Refs may contain slashes. */
function parseBasehead(repo: RepoRecord, basehead: string): { base: string; head: string } | null {
  const split = basehead.indexOf('...');
  if (split <= 0) return null;
  const side = (value: string) => {
    const colon = value.indexOf(':');
    if (colon < 0) return value;
    return value.slice(0, colon).toLowerCase() === repo.owner.toLowerCase()
      ? value.slice(colon + 1)
      : null;
  };
  const base = side(basehead.slice(0, split));
  const head = side(basehead.slice(split + 3));
  return base && head ? { base, head } : null;
}

async function compare(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'contents', write: false }, DOCS);
  if (isResult(access)) return access;
  const { repo } = access;
  const names = parseBasehead(repo, req.params.basehead ?? '');
  if (!names) return restError(404, 'Not Found', DOCS);
  const gitDir = gitDirOf(ctx, repo);
  const [baseSha, headSha] = await Promise.all([
    resolveCommitish(gitDir, names.base),
    resolveCommitish(gitDir, names.head),
  ]);
  if (!baseSha || !headSha) return restError(404, 'Not Found', DOCS);
  const common = await mergeBase(gitDir, baseSha, headSha);
  if (!common)
    return restError(404, `No common ancestor between ${names.base} and ${names.head}.`, DOCS);
  const [aheadBy, behindBy, commits, entries, metas] = await Promise.all([
    countCommits(gitDir, common, headSha),
    countCommits(gitDir, common, baseSha),
    commitsBetween(gitDir, common, headSha),
    diffEntries(gitDir, common, headSha),
    logCommits(gitDir, ['--no-walk=unsorted', baseSha, common]),
  ]);
  const status =
    aheadBy === 0 && behindBy === 0
      ? 'identical'
      : behindBy === 0
        ? 'ahead'
        : aheadBy === 0
          ? 'behind'
          : 'diverged';
  // Without page/per_page GitHub answers the first 250 commits; with them, a page of commits (Link header).
  const paged = req.query.has('page') || req.query.has('per_page');
  const page = paged
    ? paginate(ctx, req, commits)
    : { items: commits.slice(0, MAX_COMMITS), headers: {} };
  const shaOf = (sha: string) => metas.find((meta) => meta.sha === sha) as CommitMeta;
  const full = `${repo.owner}/${repo.name}`;
  const label = `${names.base}...${names.head}`;
  const body = {
    url: `${ctx.apiUrl}/repos/${full}/compare/${label}`,
    html_url: `${ctx.webUrl}/${full}/compare/${label}`,
    permalink_url: `${ctx.webUrl}/${full}/compare/${repo.owner}:${baseSha.slice(0, 7)}...${repo.owner}:${headSha.slice(0, 7)}`,
    diff_url: `${ctx.webUrl}/${full}/compare/${label}.diff`,
    patch_url: `${ctx.webUrl}/${full}/compare/${label}.patch`,
    base_commit: commitShape(ctx, repo, shaOf(baseSha)),
    merge_base_commit: commitShape(ctx, repo, shaOf(common)),
    status,
    ahead_by: aheadBy,
    behind_by: behindBy,
    total_commits: aheadBy,
    commits: page.items.map((commit) => commitShape(ctx, repo, commit)),
    // Files come with the first page only, as on GitHub.
    files:
      paged && (Number(req.query.get('page')) || 1) > 1
        ? []
        : entries.slice(0, MAX_FILES).map((entry) => diffEntryShape(ctx, repo, headSha, entry)),
  };
  return { status: 200, headers: page.headers, body };
}

export const compareRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/compare/{basehead+}',
    auth: 'token',
    handle: compare,
  },
];
