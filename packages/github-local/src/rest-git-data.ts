import { createHash } from 'node:crypto';
import { findRepo, findUser, installationForRepo, repoPermissions, type Caller } from './access';
import { repoGitDir, type HostContext } from './context';
import {
  commitTree,
  compareAndDeleteRef,
  compareAndSwapRef,
  flattenTree,
  GitRefConflictError,
  hashBlob,
  isAncestor,
  listRefs,
  parseCommit,
  readObjectInfos,
  readObjects,
  runGit,
  writeTreeFromEntries,
  type GitIdentity,
  type GitRef,
  type IndexEntry,
  type ParsedCommit,
} from './git';
import { isoSeconds } from './repos';
import { simpleUser } from './rest-shapes';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import type { RepoRecord } from './state';

/** The Git database API (blobs, trees, commits, refs) and the branch endpoint, over the bare repositories. */

const GIT_DOCS = 'https://docs.github.com/rest/git';
/** Ref updates that lose a compare-and-swap race are re-evaluated this many times before giving up. */
export const CAS_ATTEMPTS = 5;
const HEX40 = /^[0-9a-f]{40}$/;

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
export function repoTarget(ctx: HostContext, req: RestRequest, need: 'read' | 'write', docs: string): RepoTarget | RestResult {
  const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
  const permissions = repo ? repoPermissions(ctx, req.caller, repo) : null;
  if (!repo || !permissions?.pull) return restError(404, 'Not Found', docs);
  if (need === 'write') {
    const installation = installationForRepo(ctx, repo);
    if (installation?.permissions.contents !== 'write') return restError(403, 'Resource not accessible by integration', docs);
    if (!permissions.push) return restError(404, 'Not Found', docs);
  }
  const full = `${repo.owner}/${repo.name}`;
  return { repo, gitDir: repoGitDir(ctx.dataDir, repo.owner, repo.name), api: `${ctx.apiUrl}/repos/${full}`, web: `${ctx.webUrl}/${full}` };
}

export function isResult(value: unknown): value is RestResult {
  return typeof value === 'object' && value !== null && 'status' in value && typeof (value as RestResult).status === 'number';
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
  return clean.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git') ? clean : null;
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Who an API write is attributed to when the request names nobody: the token's user (or the app's bot). */
export function callerIdentity(ctx: HostContext, caller: Caller): { name: string; email: string } {
  if (caller.kind === 'user') {
    const user = findUser(ctx, caller.login);
    if (user) return { name: user.name || user.login, email: user.email ?? `${user.id}+${user.login}@users.noreply.github.com` };
  }
  const bot = `${ctx.state.app.slug}[bot]`;
  return { name: bot, email: `${ctx.state.app.id}+${bot}@users.noreply.github.com` };
}

export type IdentityInput = { ok: true; value: GitIdentity | undefined } | { ok: false; message: string };

/** Reads an optional `{name, email, date?}` body field. */
export function identityInput(value: unknown, field: string, fallbackDate: string): IdentityInput {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  const input = value as { name?: unknown; email?: unknown; date?: unknown };
  if (typeof value !== 'object' || typeof input.name !== 'string' || typeof input.email !== 'string') {
    return { ok: false, message: `Invalid request.\n\n"name" and "email" are required in "${field}".` };
  }
  let date = fallbackDate;
  if (input.date !== undefined) {
    const ms = typeof input.date === 'string' ? Date.parse(input.date) : Number.NaN;
    if (Number.isNaN(ms)) return { ok: false, message: `Invalid request.\n\n"${String(input.date)}" is not a valid date-time in "${field}".` };
    date = isoSeconds(ms);
  }
  return { ok: true, value: { name: input.name, email: input.email, date } };
}

export const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** The "Git Commit" shape (GET/POST /git/commits, and `commit` in file-commit answers). */
export function gitCommitShape(target: RepoTarget, repoId: number, sha: string, commit: ParsedCommit) {
  return {
    sha,
    node_id: legacyNodeId('Commit', `${repoId}:${sha}`),
    url: `${target.api}/git/commits/${sha}`,
    html_url: `${target.web}/commit/${sha}`,
    author: commit.author,
    committer: commit.committer,
    tree: { sha: commit.tree, url: `${target.api}/git/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map((parent) => ({ sha: parent, url: `${target.api}/git/commits/${parent}`, html_url: `${target.web}/commit/${parent}` })),
    verification: UNSIGNED,
  };
}

export async function readCommit(gitDir: string, sha: string): Promise<ParsedCommit | null> {
  const [object] = await readObjects(gitDir, [sha]);
  return object?.type === 'commit' ? parseCommit(object.content) : null;
}

function refShape(target: RepoTarget, ref: GitRef) {
  return {
    ref: ref.ref,
    node_id: legacyNodeId('Ref', `${target.repo.id}:${ref.ref}`),
    url: `${target.api}/git/${ref.ref}`,
    object: { type: ref.type, sha: ref.oid, url: `${target.api}/git/${ref.type}s/${ref.oid}` },
  };
}

async function findRef(gitDir: string, full: string): Promise<GitRef | null> {
  return (await listRefs(gitDir)).find((ref) => ref.ref === full) ?? null;
}

interface LsTreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
}

/** `git ls-tree -l` of a tree (recursively with -r -t), in the REST "Git Tree" entry shape. */
async function lsTree(gitDir: string, tree: string, recursive: boolean): Promise<LsTreeEntry[]> {
  const out = await runGit(gitDir, ['ls-tree', '-l', '-z', ...(recursive ? ['-r', '-t'] : []), tree]);
  return out
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const tab = record.indexOf('\t');
      const [mode = '', type = '', sha = '', size = '-'] = record.slice(0, tab).split(/ +/);
      return { path: record.slice(tab + 1), mode, type, sha, ...(type === 'blob' ? { size: Number(size) } : {}) };
    });
}

function treeBody(target: RepoTarget, sha: string, entries: LsTreeEntry[]) {
  return {
    sha,
    url: `${target.api}/git/trees/${sha}`,
    tree: entries.map((entry) => ({ ...entry, ...(entry.type === 'commit' ? {} : { url: `${target.api}/git/${entry.type}s/${entry.sha}` }) })),
    truncated: false,
  };
}

const invalid = (message: string, docs: string) => restError(422, message, docs);
const missingField = (field: string, docs: string) => invalid(`Invalid request.\n\n"${field}" wasn't supplied.`, docs);
const bodyOf = (req: RestRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

interface TreeItemInput {
  path?: unknown;
  mode?: unknown;
  type?: unknown;
  sha?: unknown;
  content?: unknown;
}

const MODES: Record<string, 'blob' | 'tree' | 'commit'> = { '100644': 'blob', '100755': 'blob', '120000': 'blob', '040000': 'tree', '160000': 'commit' };

/** Applies POST /git/trees items to a flat path → entry map; returns an error message or null. */
async function applyTreeItems(gitDir: string, entries: Map<string, IndexEntry>, items: TreeItemInput[]): Promise<string | null> {
  const shas = items.map((item) => (typeof item.sha === 'string' ? item.sha : ''));
  const infos = await readObjectInfos(gitDir, shas.map((sha) => (HEX40.test(sha) ? sha : '')));
  for (const [index, item] of items.entries()) {
    const path = typeof item.path === 'string' ? cleanPath(item.path) : null;
    if (!path) return 'tree.path contains a malformed path component';
    const mode = typeof item.mode === 'string' ? item.mode : '100644';
    const type = MODES[mode];
    if (!type || (item.type !== undefined && item.type !== type)) return 'Invalid tree info';
    for (const key of [...entries.keys()]) if (key === path || key.startsWith(`${path}/`)) entries.delete(key);
    if (item.sha === null && item.content === undefined) continue;
    if (typeof item.content === 'string') {
      if (type !== 'blob') return 'Invalid tree info';
      entries.set(path, { mode, oid: await hashBlob(gitDir, item.content) });
      continue;
    }
    const sha = shas[index] ?? '';
    const info = infos[index];
    if (type === 'commit') {
      if (!HEX40.test(sha)) return `tree.sha ${sha} is not a valid commit`;
      entries.set(path, { mode, oid: sha });
    } else if (info?.type !== type) {
      return `tree.sha ${sha} is not a valid ${type}`;
    } else if (type === 'tree') {
      for (const [sub, entry] of await flattenTree(gitDir, sha)) entries.set(`${path}/${sub}`, entry);
    } else {
      entries.set(path, { mode, oid: sha });
    }
  }
  // A path cannot be a file and a directory at once (git write-tree does not check this itself).
  for (const path of entries.keys()) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      if (entries.has(path.slice(0, slash))) return `tree.path ${path} conflicts with the file ${path.slice(0, slash)}`;
    }
  }
  return null;
}

const repoPath = (rest: string) => `/repos/{owner}/{repo}${rest}`;

async function getBlob(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/blobs#get-a-blob`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  const sha = req.params.file_sha ?? '';
  const [object] = HEX40.test(sha) ? await readObjects(target.gitDir, [sha]) : [null];
  if (object?.type !== 'blob') return restError(404, 'Not Found', docs);
  return {
    status: 200,
    body: {
      sha,
      node_id: legacyNodeId('Blob', `${target.repo.id}:${sha}`),
      size: object.size,
      url: `${target.api}/git/blobs/${sha}`,
      content: base64Lines(object.content),
      encoding: 'base64',
    },
  };
}

async function createBlob(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/blobs#create-a-blob`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.content !== 'string') return missingField('content', docs);
  const encoding = body.encoding ?? 'utf-8';
  if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64') return invalid(`encoding must be one of "utf-8", "base64"`, docs);
  const content = encoding === 'base64' ? decodeBase64(body.content) : Buffer.from(body.content, 'utf8');
  if (!content) return invalid('content is not valid Base64', docs);
  const sha = await hashBlob(target.gitDir, content);
  const url = `${target.api}/git/blobs/${sha}`;
  return { status: 201, body: { url, sha }, headers: { location: url } };
}

async function getTree(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/trees#get-a-tree`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  // A tree sha, a commit sha or a branch/tag name (GitHub accepts all three).
  const [tree] = await readObjectInfos(target.gitDir, [`${req.params.tree_sha ?? ''}^{tree}`]);
  if (!tree) return restError(404, 'Not Found', docs);
  // GitHub: any value of `recursive` (even 0 or false) turns recursion on; only its absence does not.
  const entries = await lsTree(target.gitDir, tree.oid, req.query.has('recursive'));
  return { status: 200, body: treeBody(target, tree.oid, entries) };
}

async function createTree(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/trees#create-a-tree`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (!Array.isArray(body.tree)) return missingField('tree', docs);
  let entries = new Map<string, IndexEntry>();
  if (body.base_tree !== undefined && body.base_tree !== null) {
    const base = String(body.base_tree);
    const [info] = await readObjectInfos(target.gitDir, [HEX40.test(base) ? base : '']);
    if (info?.type !== 'tree') return invalid('base_tree is not a valid tree oid', docs);
    entries = await flattenTree(target.gitDir, base);
  }
  const problem = await applyTreeItems(target.gitDir, entries, body.tree as TreeItemInput[]);
  if (problem) return invalid(problem, docs);
  const sha = await writeTreeFromEntries(target.gitDir, entries);
  const result = treeBody(target, sha, await lsTree(target.gitDir, sha, false));
  return { status: 201, body: result, headers: { location: result.url } };
}

async function getCommit(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/commits#get-a-commit-object`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  const sha = req.params.commit_sha ?? '';
  const commit = HEX40.test(sha) ? await readCommit(target.gitDir, sha) : null;
  if (!commit) return restError(404, 'Not Found', docs);
  return { status: 200, body: gitCommitShape(target, target.repo.id, sha, commit) };
}

async function createCommit(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/commits#create-a-commit`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.message !== 'string') return missingField('message', docs);
  if (typeof body.tree !== 'string') return missingField('tree', docs);
  const parents = body.parents === undefined ? [] : body.parents;
  if (!Array.isArray(parents) || parents.some((parent) => typeof parent !== 'string')) return invalid('Invalid request.\n\n"parents" must be an array of strings.', docs);
  const shas = [body.tree, ...(parents as string[])];
  const infos = await readObjectInfos(target.gitDir, shas.map((sha) => (HEX40.test(sha) ? sha : '')));
  if (infos[0]?.type !== 'tree') return invalid('Tree SHA does not exist', docs);
  if (infos.slice(1).some((info) => info?.type !== 'commit')) return invalid('Parent SHA does not exist or is not a commit object', docs);
  const now = isoSeconds(ctx.now());
  const author = identityInput(body.author, 'author', now);
  if (!author.ok) return invalid(author.message, docs);
  const committer = identityInput(body.committer, 'committer', now);
  if (!committer.ok) return invalid(committer.message, docs);
  // GitHub: the author defaults to the authenticated user, the committer to the author.
  const who = author.value ?? { ...callerIdentity(ctx, req.caller), date: now };
  const sha = await commitTree(target.gitDir, { tree: body.tree, parents: parents as string[], message: body.message, author: who, committer: committer.value ?? who });
  const commit = await readCommit(target.gitDir, sha);
  if (!commit) throw new Error(`Commit ${sha} vanished after it was written`);
  const result = gitCommitShape(target, target.repo.id, sha, commit);
  return { status: 201, body: result, headers: { location: result.url } };
}

async function getRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#get-a-reference`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  const ref = await findRef(target.gitDir, `refs/${req.params.ref ?? ''}`);
  if (!ref) return restError(404, 'Not Found', docs);
  return { status: 200, body: refShape(target, ref) };
}

async function matchingRefs(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const target = repoTarget(ctx, req, 'read', `${GIT_DOCS}/refs#list-matching-references`);
  if (isResult(target)) return target;
  const prefix = `refs/${req.params.ref ?? ''}`;
  const refs = (await listRefs(target.gitDir)).filter((ref) => ref.ref.startsWith(prefix));
  return { status: 200, body: refs.map((ref) => refShape(target, ref)) };
}

async function validRefName(gitDir: string, ref: string): Promise<boolean> {
  if (!/^refs\/[^/]+\/./.test(ref)) return false;
  try {
    await runGit(gitDir, ['check-ref-format', ref]);
    return true;
  } catch {
    return false;
  }
}

async function createRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#create-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.ref !== 'string') return missingField('ref', docs);
  if (typeof body.sha !== 'string') return missingField('sha', docs);
  if (!(await validRefName(target.gitDir, body.ref))) return invalid('Reference name is invalid', docs);
  const [object] = await readObjectInfos(target.gitDir, [HEX40.test(body.sha) ? body.sha : '']);
  if (!object) return invalid('Object does not exist', docs);
  if (body.ref.startsWith('refs/heads/') && object.type !== 'commit') return invalid('Object does not exist', docs);
  try {
    // Old value "none": fails if the ref appeared meanwhile, so two creators never both win.
    await compareAndSwapRef(target.gitDir, body.ref, body.sha, null);
  } catch (error) {
    if (error instanceof GitRefConflictError) return invalid('Reference already exists', docs);
    throw error;
  }
  const result = refShape(target, { ref: body.ref, oid: body.sha, type: object.type });
  return { status: 201, body: result, headers: { location: result.url } };
}

async function updateRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#update-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.sha !== 'string') return missingField('sha', docs);
  const full = `refs/${req.params.ref ?? ''}`;
  const [object] = await readObjectInfos(target.gitDir, [HEX40.test(body.sha) ? body.sha : '']);
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const current = await findRef(target.gitDir, full);
    if (!current) return invalid('Reference does not exist', docs);
    if (!object || (full.startsWith('refs/heads/') && object.type !== 'commit')) return invalid('Object does not exist', docs);
    if (body.force !== true && current.oid !== body.sha && !(await isAncestor(target.gitDir, current.oid, body.sha))) {
      return invalid('Update is not a fast forward', docs);
    }
    try {
      await compareAndSwapRef(target.gitDir, full, body.sha, current.oid);
      return { status: 200, body: refShape(target, { ref: full, oid: body.sha, type: object.type }) };
    } catch (error) {
      if (!(error instanceof GitRefConflictError)) throw error;
    }
  }
  return invalid('Reference cannot be updated', docs);
}

async function deleteRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#delete-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const full = `refs/${req.params.ref ?? ''}`;
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const current = await findRef(target.gitDir, full);
    if (!current) return invalid('Reference does not exist', docs);
    try {
      await compareAndDeleteRef(target.gitDir, full, current.oid);
      return { status: 204 };
    } catch (error) {
      if (!(error instanceof GitRefConflictError)) throw error;
    }
  }
  return invalid('Reference cannot be updated', docs);
}

async function getBranch(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = 'https://docs.github.com/rest/branches/branches#get-a-branch';
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  const name = req.params.branch ?? '';
  const ref = await findRef(target.gitDir, `refs/heads/${name}`);
  const commit = ref ? await readCommit(target.gitDir, ref.oid) : null;
  if (!ref || !commit) return restError(404, 'Branch not found', docs);
  const linked = (email: string) => {
    const user = ctx.state.users.find((candidate) => candidate.email?.toLowerCase() === email.toLowerCase());
    return user ? simpleUser(ctx, user) : null;
  };
  const git = gitCommitShape(target, target.repo.id, ref.oid, commit);
  const rule = ctx.state.branchProtections?.find((record) => record.repoId === target.repo.id && record.branch === name);
  const contexts = rule?.requiredStatusChecks ?? [];
  return {
    status: 200,
    body: {
      name,
      commit: {
        sha: ref.oid,
        node_id: git.node_id,
        url: `${target.api}/commits/${ref.oid}`,
        html_url: git.html_url,
        comments_url: `${target.api}/commits/${ref.oid}/comments`,
        commit: { url: git.url, author: git.author, committer: git.committer, message: git.message, comment_count: 0, tree: git.tree, verification: UNSIGNED },
        author: linked(commit.author.email),
        committer: linked(commit.committer.email),
        parents: commit.parents.map((parent) => ({ sha: parent, url: `${target.api}/commits/${parent}`, html_url: `${target.web}/commit/${parent}` })),
      },
      _links: { self: `${target.api}/branches/${encodePath(name)}`, html: `${target.web}/tree/${encodePath(name)}` },
      protected: rule !== undefined,
      protection: {
        enabled: rule !== undefined,
        required_status_checks: {
          enforcement_level: rule ? 'non_admins' : 'off',
          contexts,
          checks: contexts.map((context) => ({ context, app_id: null })),
        },
      },
      protection_url: `${target.api}/branches/${encodePath(name)}/protection`,
    },
  };
}

export const gitDataRoutes: RestRoute[] = [
  { method: 'GET', path: repoPath('/git/blobs/{file_sha}'), auth: 'token', handle: getBlob },
  { method: 'POST', path: repoPath('/git/blobs'), auth: 'token', handle: createBlob },
  { method: 'GET', path: repoPath('/git/trees/{tree_sha+}'), auth: 'token', handle: getTree },
  { method: 'POST', path: repoPath('/git/trees'), auth: 'token', handle: createTree },
  { method: 'GET', path: repoPath('/git/commits/{commit_sha}'), auth: 'token', handle: getCommit },
  { method: 'POST', path: repoPath('/git/commits'), auth: 'token', handle: createCommit },
  { method: 'GET', path: repoPath('/git/ref/{ref+}'), auth: 'token', handle: getRef },
  { method: 'GET', path: repoPath('/git/matching-refs/{ref+}'), auth: 'token', handle: matchingRefs },
  { method: 'POST', path: repoPath('/git/refs'), auth: 'token', handle: createRef },
  { method: 'PATCH', path: repoPath('/git/refs/{ref+}'), auth: 'token', handle: updateRef },
  { method: 'DELETE', path: repoPath('/git/refs/{ref+}'), auth: 'token', handle: deleteRef },
  { method: 'GET', path: repoPath('/branches/{branch+}'), auth: 'token', handle: getBranch },
];
