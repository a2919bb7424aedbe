import type { HostContext } from './context';
import {
  authorAssociation,
  bodyObject,
  collaboration,
  findPull,
  isResult,
  nextId,
  repoAccess,
  requireUser,
  validationFailed,
} from './pulls-state';
import { isoSeconds } from './repos';
import { paginate } from './rest-pagination';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { simpleUser } from './rest-shapes';
import type { IssueCommentRecord, RepoRecord } from './state';

/** Issue comments; the only issues on this host are pull requests, which share the number space. */

const DOCS = 'https://docs.github.com/rest/issues/comments';

function commentShape(ctx: HostContext, repo: RepoRecord, comment: IssueCommentRecord) {
  const full = `${repo.owner}/${repo.name}`;
  const api = `${ctx.apiUrl}/repos/${full}`;
  return {
    id: comment.id,
    node_id: Buffer.from(`012:IssueComment${comment.id}`).toString('base64'),
    url: `${api}/issues/comments/${comment.id}`,
    html_url: `${ctx.webUrl}/${full}/pull/${comment.issueNumber}#issuecomment-${comment.id}`,
    body: comment.body,
    user: simpleUser(ctx, requireUser(ctx, comment.user)),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    issue_url: `${api}/issues/${comment.issueNumber}`,
    author_association: authorAssociation(repo, comment.user),
    performed_via_github_app: null,
    reactions: {
      url: `${api}/issues/comments/${comment.id}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      confused: 0,
      heart: 0,
      hooray: 0,
      eyes: 0,
      rocket: 0,
    },
  };
}

function list(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${DOCS}#list-issue-comments`;
  const access = repoAccess(ctx, req, { permission: 'pull_requests', write: false }, docs);
  if (isResult(access)) return access;
  const number = Number(req.params.issue_number);
  if (!findPull(ctx, access.repo, number)) return restError(404, 'Not Found', docs);
  const since = req.query.get('since');
  const comments = collaboration(ctx).issueComments.filter(
    (comment) =>
      comment.repoId === access.repo.id &&
      comment.issueNumber === number &&
      (!since || comment.updatedAt >= since),
  );
  const page = paginate(ctx, req, comments);
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((comment) => commentShape(ctx, access.repo, comment)),
  };
}

/** Anyone who can read a repository may comment on its pull requests, as on GitHub. */
function create(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${DOCS}#create-an-issue-comment`;
  const access = repoAccess(
    ctx,
    req,
    { permission: 'pull_requests', write: req.caller.kind === 'installation' },
    docs,
  );
  if (isResult(access)) return access;
  const number = Number(req.params.issue_number);
  if (!findPull(ctx, access.repo, number)) return restError(404, 'Not Found', docs);
  const body = bodyObject(req.body).body;
  if (typeof body !== 'string' || body.trim() === '') {
    return validationFailed(docs, [
      { resource: 'IssueComment', code: 'missing_field', field: 'body' },
    ]);
  }
  const now = isoSeconds(ctx.now());
  const comment: IssueCommentRecord = {
    id: nextId(ctx, 'comment'),
    repoId: access.repo.id,
    issueNumber: number,
    body,
    user: access.actor.login,
    createdAt: now,
    updatedAt: now,
  };
  collaboration(ctx).issueComments.push(comment);
  ctx.save();
  const shape = commentShape(ctx, access.repo, comment);
  return { status: 201, headers: { location: shape.url }, body: shape };
}

export const commentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    auth: 'token',
    handle: list,
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    auth: 'token',
    handle: create,
  },
];
