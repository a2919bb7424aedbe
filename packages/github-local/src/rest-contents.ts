import {
  bypassesProtection,
  PROTECTED_BRANCH_DOCS,
  pushRefusal,
  UNWRITTEN_COMMIT,
} from './branch-protection';
import type { HostContext } from './context';
import {
  findTreeEntry,
  parseTree,
  readObjectInfos,
  readObjects,
  type GitTreeEntry,
} from './git-objects';
import { GitRefConflictError, listRefs, resolveRef } from './git-refs';
import { commitToRepo, isoSeconds } from './repos';
import {
  base64Lines,
  blobSha,
  callerIdentity,
  CAS_ATTEMPTS,
  cleanPath,
  decodeBase64,
  encodePath,
  gitCommitShape,
  identityInput,
  isResult,
  readCommit,
  repoTarget,
  type RepoTarget,
} from './rest-git-common';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';

/** The repository contents API: read a file or directory, create/update/delete one file per commit. */

const DOCS = 'https://docs.github.com/rest/repos/contents';
const GET_DOCS = `${DOCS}#get-repository-content`;
const PUT_DOCS = `${DOCS}#create-or-update-file-contents`;
const DELETE_DOCS = `${DOCS}#delete-a-file`;
/** GitHub's JSON contents answers carry files up to 1 MB; larger ones need the raw media type or the blob API. */
const MAX_JSON_FILE_BYTES = 1024 * 1024;
/** GitHub lists at most 1,000 entries of a directory; the git trees API has the rest. */
const MAX_DIRECTORY_ENTRIES = 1000;
/** API commits are committed by GitHub itself (its "web-flow" identity) unless the request names a committer. */
const WEB_FLOW = { name: 'GitHub', email: 'noreply@github.com' };

/** What sits at a path in a commit: the entry in its parent tree, and the parents that are files (if any). */
interface PathLookup {
  entry: GitTreeEntry | null;
  /** A leading part of the path that is a file, so that nothing can exist below it. */
  fileAncestor: string | null;
}

async function lookupPath(gitDir: string, commit: string, path: string): Promise<PathLookup> {
  const parts = path.split('/');
  const dirs = parts.map((_, index) => parts.slice(0, index).join('/'));
  // One cat-file for the root tree and every directory on the way down.
  const objects = await readObjects(
    gitDir,
    dirs.map((dir) => (dir === '' ? `${commit}^{tree}` : `${commit}:${dir}`)),
  );
  for (const [index, object] of objects.entries()) {
    if (object?.type === 'tree') continue;
    return { entry: null, fileAncestor: object?.type === 'blob' ? (dirs[index] ?? null) : null };
  }
  const parent = objects[objects.length - 1];
  const name = parts[parts.length - 1] ?? '';
  const entry = parent ? findTreeEntry(parent.content, name) : null;
  return { entry, fileAncestor: null };
}

function urlsFor(
  target: RepoTarget,
  path: string,
  ref: string,
  type: 'file' | 'dir' | 'symlink' | 'submodule',
  sha: string,
) {
  const self = `${target.api}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
  const git =
    type === 'dir'
      ? `${target.api}/git/trees/${sha}`
      : type === 'submodule'
        ? null
        : `${target.api}/git/blobs/${sha}`;
  const html = `${target.web}/${type === 'dir' ? 'tree' : 'blob'}/${encodePath(ref)}/${encodePath(path)}`;
  const download =
    type === 'file' || type === 'symlink'
      ? `${target.web}/raw/${encodePath(ref)}/${encodePath(path)}`
      : null;
  return {
    url: self,
    html_url: html,
    git_url: git,
    download_url: download,
    _links: { self, git, html },
  };
}

function entryType(entry: GitTreeEntry): 'file' | 'dir' | 'symlink' | 'submodule' {
  if (entry.type === 'tree') return 'dir';
  if (entry.type === 'commit') return 'submodule';
  return entry.mode === '120000' ? 'symlink' : 'file';
}

async function getContents(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const target = repoTarget(ctx, req, 'read', GET_DOCS);
  if (isResult(target)) return target;
  const requested = req.query.get('ref');
  const ref = requested || target.repo.defaultBranch;
  const [commit] = await readObjectInfos(target.gitDir, [`${ref}^{commit}`]);
  if (commit?.type !== 'commit') {
    return restError(
      404,
      requested ? `No commit found for the ref ${requested}` : 'This repository is empty.',
      GET_DOCS,
    );
  }
  const raw = req.params.path ?? '';
  const path = raw.replace(/^\/+|\/+$/g, '') === '' ? '' : cleanPath(raw);
  if (path === null) return restError(404, 'Not Found', GET_DOCS);
  if (path === '') return listDirectory(target, ref, commit.oid, '');
  const { entry } = await lookupPath(target.gitDir, commit.oid, path);
  if (!entry || entry.type === 'commit') return restError(404, 'Not Found', GET_DOCS);
  if (entry.type === 'tree') return listDirectory(target, ref, entry.oid, path);
  const [blob] = await readObjects(target.gitDir, [entry.oid]);
  if (!blob) return restError(404, 'Not Found', GET_DOCS);
  const name = path.split('/').pop() ?? path;
  const type = entryType(entry);
  const common = {
    name,
    path,
    sha: entry.oid,
    size: blob.size,
    ...urlsFor(target, path, ref, type, entry.oid),
  };
  if (type === 'symlink')
    return { status: 200, body: { type, target: blob.content.toString('utf8'), ...common } };
  if (blob.size > MAX_JSON_FILE_BYTES) {
    return {
      status: 403,
      body: {
        message:
          'This API returns blobs up to 1 MB in size. The requested blob is too large to fetch via the API, but you can use the Git Data API to request blobs up to 100 MB in size.',
        errors: [{ resource: 'Blob', field: 'data', code: 'too_large' }],
        documentation_url: GET_DOCS,
        status: '403',
      },
    };
  }
  return {
    status: 200,
    body: { type, encoding: 'base64', ...common, content: base64Lines(blob.content) },
  };
}

async function listDirectory(
  target: RepoTarget,
  ref: string,
  commitOrTree: string,
  dir: string,
): Promise<RestResult> {
  const [tree] = await readObjects(target.gitDir, [`${commitOrTree}^{tree}`]);
  if (!tree) return restError(404, 'Not Found', GET_DOCS);
  const entries = parseTree(tree.content).slice(0, MAX_DIRECTORY_ENTRIES);
  const sizes = await readObjectInfos(
    target.gitDir,
    entries.map((entry) => (entry.type === 'blob' ? entry.oid : '')),
  );
  const body = entries.map((entry, index) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    const type = entryType(entry);
    return {
      type,
      size: sizes[index]?.size ?? 0,
      name: entry.name,
      path,
      sha: entry.oid,
      ...urlsFor(target, path, ref, type, entry.oid),
    };
  });
  return { status: 200, body };
}

interface WriteInput {
  path: string;
  branch: string;
  message: string;
  sha: string | undefined;
  author: { name: string; email: string; date?: string };
  committer: { name: string; email: string; date?: string };
  /** The caller may bypass classic protection (an admin, without `enforce_admins`). */
  admin: boolean;
}

/** Validates the fields PUT and DELETE share; a RestResult when GitHub would refuse the request. */
function writeInput(
  ctx: HostContext,
  req: RestRequest,
  target: RepoTarget,
  docs: string,
): WriteInput | RestResult {
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<
    string,
    unknown
  >;
  const missing = (field: string) =>
    restError(422, `Invalid request.\n\n"${field}" wasn't supplied.`, docs);
  if (typeof body.message !== 'string') return missing('message');
  const path = cleanPath(req.params.path ?? '');
  if (!path) return restError(422, 'path contains a malformed path component', docs);
  if (body.sha !== undefined && typeof body.sha !== 'string')
    return restError(422, 'Invalid request.\n\n"sha" must be a string.', docs);
  if (body.branch !== undefined && typeof body.branch !== 'string')
    return restError(422, 'Invalid request.\n\n"branch" must be a string.', docs);
  const now = isoSeconds(ctx.now());
  const author = identityInput(body.author, 'author', now);
  if (!author.ok) return restError(422, author.message, docs);
  const committer = identityInput(body.committer, 'committer', now);
  if (!committer.ok) return restError(422, committer.message, docs);
  // GitHub: the author defaults to the committer, or to the authenticated user when neither is given.
  return {
    path,
    branch: (body.branch as string | undefined) || target.repo.defaultBranch,
    message: body.message,
    sha: body.sha as string | undefined,
    author: author.value ?? committer.value ?? { ...callerIdentity(ctx, req.caller), date: now },
    committer: committer.value ?? { ...WEB_FLOW, date: now },
    admin: bypassesProtection(ctx, req.caller, target.repo),
  };
}

async function fileCommitBody(target: RepoTarget, commitSha: string) {
  const commit = await readCommit(target.gitDir, commitSha);
  if (!commit) throw new Error(`Commit ${commitSha} vanished after it was written`);
  return gitCommitShape(target, target.repo.id, commitSha, commit);
}

/**
 * Evaluates a one-file write against the branch head and commits it with compare-and-swap on that
 * head. If another write moved the branch in between, the whole check runs again on the new head,
 * so a stale `sha` always ends in 409 and a write never lands on a head it was not checked against.
 */
async function writeFile(
  ctx: HostContext,
  target: RepoTarget,
  input: WriteInput,
  docs: string,
  change: Buffer | null,
): Promise<RestResult> {
  let head: string | null = null;
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    head = await resolveRef(target.gitDir, `refs/heads/${input.branch}`);
    // An empty repository takes its first commit on the default branch through this API.
    const emptyRepo =
      !head &&
      input.branch === target.repo.defaultBranch &&
      (await listRefs(target.gitDir)).length === 0;
    if (!head && !emptyRepo) return restError(404, `Branch ${input.branch} not found`, docs);
    const found = head
      ? await lookupPath(target.gitDir, head, input.path)
      : { entry: null, fileAncestor: null };
    if (found.fileAncestor !== null)
      return restError(422, `${found.fileAncestor} is a file, not a directory`, docs);
    const entry = found.entry?.type === 'blob' ? found.entry : null;
    if (found.entry && !entry) {
      if (change === null) return restError(404, 'Not Found', docs);
      return restError(422, `${input.path} is a directory`, docs);
    }
    if (change === null && !entry) return restError(404, 'Not Found', docs);
    if (entry && input.sha === undefined)
      return restError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.', docs);
    if (entry && input.sha !== entry.oid)
      return restError(409, `${input.path} does not match ${input.sha ?? ''}`, docs);
    const refused = head
      ? pushRefusal(ctx, target.repo, input.branch, {
          newSha: UNWRITTEN_COMMIT,
          fastForward: true,
          admin: input.admin,
        })
      : null;
    if (refused)
      return restError(
        409,
        `Could not ${change === null ? 'delete' : 'update'} file: ${refused}`,
        PROTECTED_BRANCH_DOCS,
      );
    try {
      const result = await commitToRepo(ctx, target.repo, {
        branch: input.branch,
        expectedHead: head,
        changes: [
          change === null
            ? { path: input.path, delete: true }
            : { path: input.path, content: change, executable: entry?.mode === '100755' },
        ],
        message: input.message,
        author: input.author,
        committer: input.committer,
      });
      const commit = await fileCommitBody(target, result.commitSha);
      if (change === null) return { status: 200, body: { content: null, commit } };
      const sha = blobSha(change);
      const name = input.path.split('/').pop() ?? input.path;
      const content = {
        name,
        path: input.path,
        sha,
        size: change.length,
        type: 'file',
        ...urlsFor(target, input.path, input.branch, 'file', sha),
      };
      return { status: entry ? 200 : 201, body: { content, commit } };
    } catch (error) {
      if (!(error instanceof GitRefConflictError)) throw error;
    }
  }
  return restError(409, `refs/heads/${input.branch} expected to be at ${head ?? ''}`, docs);
}

async function putContents(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const target = repoTarget(ctx, req, 'write', PUT_DOCS);
  if (isResult(target)) return target;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<
    string,
    unknown
  >;
  if (typeof body.message !== 'string')
    return restError(422, 'Invalid request.\n\n"message" wasn\'t supplied.', PUT_DOCS);
  if (typeof body.content !== 'string')
    return restError(422, 'Invalid request.\n\n"content" wasn\'t supplied.', PUT_DOCS);
  const content = decodeBase64(body.content);
  if (!content) return restError(422, 'content is not valid Base64', PUT_DOCS);
  const input = writeInput(ctx, req, target, PUT_DOCS);
  if (isResult(input)) return input;
  return writeFile(ctx, target, input, PUT_DOCS, content);
}

async function deleteContents(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const target = repoTarget(ctx, req, 'write', DELETE_DOCS);
  if (isResult(target)) return target;
  const input = writeInput(ctx, req, target, DELETE_DOCS);
  if (isResult(input)) return input;
  if (input.sha === undefined)
    return restError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.', DELETE_DOCS);
  return writeFile(ctx, target, input, DELETE_DOCS, null);
}

const CONTENTS = '/repos/{owner}/{repo}/contents';

export const contentRoutes: RestRoute[] = [
  { method: 'GET', path: CONTENTS, auth: 'token', handle: getContents },
  { method: 'GET', path: `${CONTENTS}/{path+}`, auth: 'token', handle: getContents },
  { method: 'PUT', path: `${CONTENTS}/{path+}`, auth: 'token', handle: putContents },
  { method: 'DELETE', path: `${CONTENTS}/{path+}`, auth: 'token', handle: deleteContents },
];
