import { createHash } from 'node:crypto';
import { findRepo, findUser, installationForRepo, repoPermissions, type Caller } from './access';
import { repoGitDir, type HostContext } from './context';
import { parseCommit, readObjects, type ParsedCommit } from './git-objects';
import type { GitIdentity } from './git-write';
import { isoSeconds } from './repos';
import { restError, type RestRequest, type RestResult } from './rest-router';
import type { RepoRecord } from './state';

/**
 * What the Git database endpoints (rest-git-data.ts, rest-git-refs.ts) and the Contents API
 * (rest-contents.ts) share: the repository access rule, commit shapes and identities, base64 and
 * path handling, GitHub's legacy node ids.
 */

/** Ref updates that lose a compare-and-swap race are re-evaluated this many times before giving up. */
export const CAS_ATTEMPTS = 5;
/** A full object id; names given in a URL or body are checked against it before git sees them. */
export const HEX40 = /^[0-9a-f]{40}$/;

export interface RepoTarget {
  repo: RepoRecord;
  gitDir: string;
  /** e.g. http://127.0.0.1:8788/api/v3/repos/demo/blog */
  api: string;
  /** e.g. http://127.0.0.1:8788/demo/blog */
  web: string;
}

/**
 * The repository named in the path, or GitHub's answer when the caller may not use it: 404 when it
 * cannot see it (or, for writes, cannot push: GitHub hides what a user may not change on a private
 * repository); 403 "Resource not accessible by integration" when the app itself lacks `contents: write`.
 */
export function repoTarget(
  ctx: HostContext,
  req: RestRequest,
  need: 'read' | 'write',
  docs: string,
): RepoTarget | RestResult {
  const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
  const permissions = repo ? repoPermissions(ctx, req.caller, repo) : null;
  if (!repo || !permissions?.pull) return restError(404, 'Not Found', docs);
  if (need === 'write') {
    const installation = installationForRepo(ctx, repo);
    if (installation?.permissions.contents !== 'write')
      return restError(403, 'Resource not accessible by integration', docs);
    if (!permissions.push) return restError(404, 'Not Found', docs);
  }
  const full = `${repo.owner}/${repo.name}`;
  return {
    repo,
    gitDir: repoGitDir(ctx.dataDir, repo.owner, repo.name),
    api: `${ctx.apiUrl}/repos/${full}`,
    web: `${ctx.webUrl}/${full}`,
  };
}

export function isResult(value: unknown): value is RestResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as RestResult).status === 'number'
  );
}

/** GitHub's legacy global node ids: base64 of `0{type length}:{Type}{key}` (e.g. 04:Blob2001:{sha}). */
export function legacyNodeId(type: string, key: string): string {
  return Buffer.from(`0${type.length}:${type}${key}`).toString('base64');
}

/** Base64 as GitHub sends file and blob contents: Ruby's encode64, a newline after every 60 characters. */
export function base64Lines(content: Buffer): string {
  const flat = content.toString('base64');
  let out = '';
  for (let at = 0; at < flat.length; at += 60) out += `${flat.slice(at, at + 60)}\n`;
  return out;
}

/** Strict base64 (line breaks allowed, as GitHub's own output has them); null when malformed. */
export function decodeBase64(value: string): Buffer | null {
  const compact = value.replace(/[\r\n]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Buffer.from(compact, 'base64');
}

export function blobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** `a/b/c.md` split into safe segments, or null when it could escape or is empty. */
export function cleanPath(path: string): string | null {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (clean === '' || /[\0\n\r]/.test(clean)) return null;
  return clean
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git')
    ? clean
    : null;
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Who an API write is attributed to when the request names nobody: the token's user (or the app's bot). */
export function callerIdentity(ctx: HostContext, caller: Caller): { name: string; email: string } {
  if (caller.kind === 'user') {
    const user = findUser(ctx, caller.login);
    if (user)
      return {
        name: user.name || user.login,
        email: user.email ?? `${user.id}+${user.login}@users.noreply.github.com`,
      };
  }
  const bot = `${ctx.state.app.slug}[bot]`;
  return { name: bot, email: `${ctx.state.app.id}+${bot}@users.noreply.github.com` };
}

export type IdentityInput =
  { ok: true; value: GitIdentity | undefined } | { ok: false; message: string };

/** Reads an optional `{name, email, date?}` body field. */
export function identityInput(value: unknown, field: string, fallbackDate: string): IdentityInput {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  const input = value as { name?: unknown; email?: unknown; date?: unknown };
  if (
    typeof value !== 'object' ||
    typeof input.name !== 'string' ||
    typeof input.email !== 'string'
  ) {
    return {
      ok: false,
      message: `Invalid request.\n\n"name" and "email" are required in "${field}".`,
    };
  }
  let date = fallbackDate;
  if (input.date !== undefined) {
    const ms = typeof input.date === 'string' ? Date.parse(input.date) : Number.NaN;
    if (Number.isNaN(ms))
      return {
        ok: false,
        message: `Invalid request.\n\n"${String(input.date)}" is not a valid date-time in "${field}".`,
      };
    date = isoSeconds(ms);
  }
  return { ok: true, value: { name: input.name, email: input.email, date } };
}

export const UNSIGNED = {
  verified: false,
  reason: 'unsigned',
  signature: null,
  payload: null,
  verified_at: null,
};

/** The "Git Commit" shape (GET/POST /git/commits, and `commit` in file-commit answers). */
export function gitCommitShape(
  target: RepoTarget,
  repoId: number,
  sha: string,
  commit: ParsedCommit,
) {
  return {
    sha,
    node_id: legacyNodeId('Commit', `${repoId}:${sha}`),
    url: `${target.api}/git/commits/${sha}`,
    html_url: `${target.web}/commit/${sha}`,
    author: commit.author,
    committer: commit.committer,
    tree: { sha: commit.tree, url: `${target.api}/git/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map((parent) => ({
      sha: parent,
      url: `${target.api}/git/commits/${parent}`,
      html_url: `${target.web}/commit/${parent}`,
    })),
    verification: UNSIGNED,
  };
}

export async function readCommit(gitDir: string, sha: string): Promise<ParsedCommit | null> {
  const [object] = await readObjects(gitDir, [sha]);
  return object?.type === 'commit' ? parseCommit(object.content) : null;
}

export const invalid = (message: string, docs: string) => restError(422, message, docs);
export const missingField = (field: string, docs: string) =>
  invalid(`Invalid request.\n\n"${field}" wasn't supplied.`, docs);
export const bodyOf = (req: RestRequest) =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
export const repoPath = (rest: string) => `/repos/{owner}/{repo}${rest}`;
