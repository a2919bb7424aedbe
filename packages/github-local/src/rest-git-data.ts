import type { HostContext, TreeLimits } from './context';
import { runGit } from './git-command';
import { readObjectInfos, readObjects } from './git-objects';
import {
  commitTree,
  flattenTree,
  hashBlob,
  writeTreeFromEntries,
  type IndexEntry,
} from './git-write';
import { isoSeconds } from './repos';
import {
  base64Lines,
  bodyOf,
  callerIdentity,
  cleanPath,
  gitCommitShape,
  HEX40,
  identityInput,
  invalid,
  isResult,
  legacyNodeId,
  missingField,
  readCommit,
  repoPath,
  repoTarget,
  type RepoTarget,
} from './rest-git-common';
import { gitRefRoutes } from './rest-git-refs';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';

/** The Git database API over the bare repositories: blobs, trees and commits here, references in rest-git-refs.ts. */

const GIT_DOCS = 'https://docs.github.com/rest/git';

interface LsTreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
}

/** `git ls-tree -l` of a tree (recursively with -r -t), in the REST "Git Tree" entry shape. */
async function lsTree(gitDir: string, tree: string, recursive: boolean): Promise<LsTreeEntry[]> {
  const out = await runGit(gitDir, [
    'ls-tree',
    '-l',
    '-z',
    ...(recursive ? ['-r', '-t'] : []),
    tree,
  ]);
  return out
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const tab = record.indexOf('\t');
      const [mode = '', type = '', sha = '', size = '-'] = record.slice(0, tab).split(/ +/);
      return {
        path: record.slice(tab + 1),
        mode,
        type,
        sha,
        ...(type === 'blob' ? { size: Number(size) } : {}),
      };
    });
}

function treeBody(target: RepoTarget, sha: string, entries: LsTreeEntry[], limits?: TreeLimits) {
  const tree = entries.map((entry) => ({
    ...entry,
    ...(entry.type === 'commit' ? {} : { url: `${target.api}/git/${entry.type}s/${entry.sha}` }),
  }));
  const kept = limits ? fittingPrefix(tree, limits) : tree.length;
  return {
    sha,
    url: `${target.api}/git/trees/${sha}`,
    tree: kept < tree.length ? tree.slice(0, kept) : tree,
    truncated: kept < tree.length,
  };
}

/** How many entries, from the first, fit both limits (the `tree` array's JSON size counted in bytes). */
function fittingPrefix(tree: readonly object[], limits: TreeLimits): number {
  let bytes = 2;
  for (const [index, entry] of tree.entries()) {
    bytes += Buffer.byteLength(JSON.stringify(entry)) + (index > 0 ? 1 : 0);
    if (index >= limits.maxEntries || bytes > limits.maxBytes) return index;
  }
  return tree.length;
}

interface TreeItemInput {
  path?: unknown;
  mode?: unknown;
  type?: unknown;
  sha?: unknown;
  content?: unknown;
}

const MODES: Record<string, 'blob' | 'tree' | 'commit'> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};

/** Applies POST /git/trees items to a flat path → entry map; returns an error message or null. */
async function applyTreeItems(
  gitDir: string,
  entries: Map<string, IndexEntry>,
  items: TreeItemInput[],
): Promise<string | null> {
  const shas = items.map((item) => (typeof item.sha === 'string' ? item.sha : ''));
  const infos = await readObjectInfos(
    gitDir,
    shas.map((sha) => (HEX40.test(sha) ? sha : '')),
  );
  for (const [index, item] of items.entries()) {
    const path = typeof item.path === 'string' ? cleanPath(item.path) : null;
    if (!path) return 'tree.path contains a malformed path component';
    const mode = typeof item.mode === 'string' ? item.mode : '100644';
    const type = MODES[mode];
    if (!type || (item.type !== undefined && item.type !== type)) return 'Invalid tree info';
    for (const key of [...entries.keys()])
      if (key === path || key.startsWith(`${path}/`)) entries.delete(key);
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
      for (const [sub, entry] of await flattenTree(gitDir, sha))
        entries.set(`${path}/${sub}`, entry);
    } else {
      entries.set(path, { mode, oid: sha });
    }
  }
  // A path cannot be a file and a directory at once (git write-tree does not check this itself).
  for (const path of entries.keys()) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      if (entries.has(path.slice(0, slash)))
        return `tree.path ${path} conflicts with the file ${path.slice(0, slash)}`;
    }
  }
  return null;
}

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

/** GitHub refuses blobs over 100 MB. */
export const MAX_BLOB_BYTES = 100 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

async function createBlob(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/blobs#create-a-blob`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.content !== 'string') return missingField('content', docs);
  const encoding = body.encoding ?? 'utf-8';
  if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64')
    return invalid(`encoding must be "utf-8" or "base64", not ${JSON.stringify(encoding)}`, docs);
  if (encoding === 'base64' && !BASE64.test(body.content))
    return invalid('content is not valid base64', docs);
  const bytes =
    encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
  if (bytes.length > MAX_BLOB_BYTES)
    return invalid(`content is too large: blobs are limited to ${MAX_BLOB_BYTES} bytes`, docs);
  const sha = await hashBlob(target.gitDir, bytes);
  const url = `${target.api}/git/blobs/${sha}`;
  return { status: 201, body: { sha, url }, headers: { location: url } };
}

async function getTree(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/trees#get-a-tree`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  // A tree sha, a commit sha or a branch/tag name (GitHub accepts all three), or `{ref}:{path}`
  // naming a directory, which GitHub answers too (Decap CMS lists a folder so). After a colon
  // everything is the path, so such a name is looked up as it is and must be a tree itself.
  const name = req.params.tree_sha ?? '';
  const [tree] = await readObjectInfos(target.gitDir, [
    name.includes(':') ? name : `${name}^{tree}`,
  ]);
  if (tree?.type !== 'tree') return restError(404, 'Not Found', docs);
  // GitHub: any value of `recursive` (even 0 or false) turns recursion on; only its absence does not.
  const recursive = req.query.has('recursive');
  const entries = await lsTree(target.gitDir, tree.oid, recursive);
  return {
    status: 200,
    body: treeBody(target, tree.oid, entries, recursive ? ctx.treeLimits : undefined),
  };
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
  if (!Array.isArray(parents) || parents.some((parent) => typeof parent !== 'string'))
    return invalid('Invalid request.\n\n"parents" must be an array of strings.', docs);
  const shas = [body.tree, ...(parents as string[])];
  const infos = await readObjectInfos(
    target.gitDir,
    shas.map((sha) => (HEX40.test(sha) ? sha : '')),
  );
  if (infos[0]?.type !== 'tree') return invalid('Tree SHA does not exist', docs);
  if (infos.slice(1).some((info) => info?.type !== 'commit'))
    return invalid('Parent SHA does not exist or is not a commit object', docs);
  const now = isoSeconds(ctx.now());
  const author = identityInput(body.author, 'author', now);
  if (!author.ok) return invalid(author.message, docs);
  const committer = identityInput(body.committer, 'committer', now);
  if (!committer.ok) return invalid(committer.message, docs);
  // GitHub: the author defaults to the authenticated user, the committer to the author.
  const who = author.value ?? { ...callerIdentity(ctx, req.caller), date: now };
  const sha = await commitTree(target.gitDir, {
    tree: body.tree,
    parents: parents as string[],
    message: body.message,
    author: who,
    committer: committer.value ?? who,
  });
  const commit = await readCommit(target.gitDir, sha);
  if (!commit) throw new Error(`Commit ${sha} vanished after it was written`);
  const result = gitCommitShape(target, target.repo.id, sha, commit);
  return { status: 201, body: result, headers: { location: result.url } };
}

export const gitDataRoutes: RestRoute[] = [
  { method: 'GET', path: repoPath('/git/blobs/{file_sha}'), auth: 'token', handle: getBlob },
  { method: 'POST', path: repoPath('/git/blobs'), auth: 'token', handle: createBlob },
  { method: 'GET', path: repoPath('/git/trees/{tree_sha+}'), auth: 'token', handle: getTree },
  { method: 'POST', path: repoPath('/git/trees'), auth: 'token', handle: createTree },
  { method: 'GET', path: repoPath('/git/commits/{commit_sha}'), auth: 'token', handle: getCommit },
  { method: 'POST', path: repoPath('/git/commits'), auth: 'token', handle: createCommit },
  ...gitRefRoutes,
];
