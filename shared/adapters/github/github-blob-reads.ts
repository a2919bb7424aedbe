import { NotFoundError } from '../../errors';
import type { GitHubClient } from './github-client';
import { readBlobRest } from './github-content';
import { translateProviderError } from './github-errors';
import { blobFields, isNotFound, toBlob } from './github-snapshot';
import type { PathAt, RepoId } from '../../ports/git-host';
import type { BlobRead } from '../../ports/pull-host';

const expression = (ref: string | undefined, path: string) => `${ref ?? 'HEAD'}:${path}`;

type RawEntry = { mode?: number; object?: Parameters<typeof toBlob>[0] } | null;

interface ReadPlan {
  query: string;
  variables: Record<string, string>;
  keys: { key: string; alias: string }[];
  modes: boolean;
}

/**
 * One GraphQL document for reading files at several `ref:path`s (aliases b0…bn, expressions as
 * variables). With `modes`, each file is read through its commit's tree entry (`Commit.file`),
 * which carries the git mode: one entry per file, whatever the size of its directory.
 */
export function buildReadQuery(
  repo: RepoId,
  paths: Record<string, PathAt>,
  modes: boolean,
): ReadPlan {
  const variables: Record<string, string> = { owner: repo.owner, name: repo.name };
  const declarations = ['$owner: String!', '$name: String!'];
  const selections: string[] = [];
  const keys = Object.entries(paths).map(([key, at], n) => {
    const alias = `b${n}`;
    if (modes) {
      variables[alias] = at.ref ?? 'HEAD';
      variables[`p${n}`] = at.path;
      declarations.push(`$${alias}: String!`, `$p${n}: String!`);
      selections.push(
        `${alias}: object(expression: $${alias}) { ... on Commit { file(path: $p${n}) { mode object { ... on Blob { ${blobFields} } } } } }`,
      );
    } else {
      variables[alias] = expression(at.ref, at.path);
      declarations.push(`$${alias}: String!`);
      selections.push(`${alias}: object(expression: $${alias}) { ... on Blob { ${blobFields} } }`);
    }
    return { key, alias };
  });
  const query = `query Blobs(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${selections.join(' ')} } }`;
  return { query, variables, keys, modes };
}

/**
 * Files at several `ref:path`s in one GraphQL round trip, told apart as absent, binary or text. A
 * text GraphQL truncates is read whole over REST.
 */
export async function readBlobs(
  client: GitHubClient,
  repo: RepoId,
  paths: Record<string, PathAt>,
  modes: boolean,
): Promise<Record<string, BlobRead>> {
  const { query, variables, keys, modes: withModes } = buildReadQuery(repo, paths, modes);
  if (keys.length === 0) return {};
  let repository: Record<string, unknown> | null;
  try {
    ({ repository } = await client.graphql<{ repository: Record<string, unknown> | null }>(
      query,
      variables,
    ));
  } catch (error) {
    if (!isNotFound(error))
      translateProviderError(error, `reading files of ${repo.owner}/${repo.name}`);
    repository = null;
  }
  if (!repository)
    throw new NotFoundError(
      `Repository ${repo.owner}/${repo.name} was not found on GitHub, or you cannot access it`,
    );

  const reads: Record<string, BlobRead> = {};
  for (const { key, alias } of keys) {
    const raw = (repository[alias] ?? null) as
      (Parameters<typeof toBlob>[0] & { file?: RawEntry }) | null;
    const entry = withModes ? raw?.file : undefined;
    const blob = toBlob(withModes ? (entry?.object ?? null) : raw);
    if (!blob) {
      reads[key] = { kind: 'absent' };
      continue;
    }
    // GraphQL gives the mode as a number (33188 for 100644).
    const mode = typeof entry?.mode === 'number' ? { mode: entry.mode.toString(8) } : {};
    if (blob.text === null)
      reads[key] = { kind: 'binary', oid: blob.oid, byteSize: blob.byteSize, ...mode };
    else
      reads[key] = {
        kind: 'text',
        oid: blob.oid,
        byteSize: blob.byteSize,
        text: blob.isTruncated ? await readBlobRest(client, repo, blob.oid) : blob.text,
        ...mode,
      };
  }
  return reads;
}
