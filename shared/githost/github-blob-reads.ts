import { NotFoundError } from '../errors';
import type { GitHubClient } from './github-client';
import { readBlobRest } from './github-content';
import { translateProviderError } from './github-errors';
import { blobFields, isNotFound, toBlob } from './github-snapshot';
import type { PathAt, RepoId } from './git-host';
import type { BlobRead } from './pull-host';

const expression = (ref: string | undefined, path: string) => `${ref ?? 'HEAD'}:${path}`;
const directoryOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

type RawEntries = { entries?: { name: string; mode: number; oid: string }[] } | null;

interface ReadPlan {
  query: string;
  variables: Record<string, string>;
  keys: { key: string; alias: string; at: PathAt; tree: string | undefined }[];
}

/**
 * One GraphQL document for reading files at several `ref:path`s (aliases b0…bn, expressions as
 * variables). With `modes`, the entries of each file's directory too (t0…tn, one per directory and
 * ref), for the git mode.
 */
export function buildReadQuery(repo: RepoId, paths: Record<string, PathAt>, modes: boolean): ReadPlan {
  const variables: Record<string, string> = { owner: repo.owner, name: repo.name };
  const declarations = ['$owner: String!', '$name: String!'];
  const selections: string[] = [];
  const directories = new Map<string, string>();
  const keys = Object.entries(paths).map(([key, at], n) => {
    const alias = `b${n}`;
    variables[alias] = expression(at.ref, at.path);
    declarations.push(`$${alias}: String!`);
    selections.push(`${alias}: object(expression: $${alias}) { ... on Blob { ${blobFields} } }`);
    const directory = expression(at.ref, directoryOf(at.path));
    if (modes && !directories.has(directory)) {
      const tree = `t${directories.size}`;
      directories.set(directory, tree);
      variables[tree] = directory;
      declarations.push(`$${tree}: String!`);
      selections.push(`${tree}: object(expression: $${tree}) { ... on Tree { entries { name mode oid } } }`);
    }
    return { key, alias, at, tree: directories.get(directory) };
  });
  const query = `query Blobs(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${selections.join(' ')} } }`;
  return { query, variables, keys };
}

/**
 * Files at several `ref:path`s in one GraphQL round trip, told apart as absent, binary or text. A
 * text GraphQL truncates is read whole over REST.
 */
export async function readBlobs(client: GitHubClient, repo: RepoId, paths: Record<string, PathAt>, modes: boolean): Promise<Record<string, BlobRead>> {
  const { query, variables, keys } = buildReadQuery(repo, paths, modes);
  if (keys.length === 0) return {};
  let repository: Record<string, unknown> | null;
  try {
    ({ repository } = await client.graphql<{ repository: Record<string, unknown> | null }>(query, variables));
  } catch (error) {
    if (!isNotFound(error)) translateProviderError(error, `reading files of ${repo.owner}/${repo.name}`);
    repository = null;
  }
  if (!repository) throw new NotFoundError(`Repository ${repo.owner}/${repo.name} was not found on GitHub, or you cannot access it`);

  const reads: Record<string, BlobRead> = {};
  for (const { key, alias, at, tree } of keys) {
    const blob = toBlob((repository[alias] ?? null) as never);
    if (!blob) {
      reads[key] = { kind: 'absent' };
      continue;
    }
    const entry = tree ? (repository[tree] as RawEntries)?.entries?.find((candidate) => candidate.name === nameOf(at.path)) : undefined;
    // GraphQL gives the mode as a number (33188 for 100644).
    const mode = entry ? { mode: entry.mode.toString(8) } : {};
    if (blob.text === null) reads[key] = { kind: 'binary', oid: blob.oid, ...mode };
    else reads[key] = { kind: 'text', oid: blob.oid, text: blob.isTruncated ? await readBlobRest(client, repo, blob.oid) : blob.text, ...mode };
  }
  return reads;
}
