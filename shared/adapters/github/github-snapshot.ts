import type { GitHubClient } from './github-client';
import { translateProviderError } from './github-errors';
import type {
  BlobText,
  PathAt,
  RepoId,
  Snapshot,
  SnapshotRequest,
  TreeEntry,
} from '../../ports/git-host';

/** Expressions go in as variables, never spliced into the document. */
const expression = ({ path, ref }: PathAt) => `${ref ?? 'HEAD'}:${path}`;

interface Built {
  query: string;
  variables: Record<string, string>;
  names: {
    blobs: [string, string][];
    trees: [string, string][];
    oids: [string, string][];
    branches: [string, string][];
  };
}

export const blobFields = 'oid byteSize isBinary isTruncated text';
const headFields = 'oid ... on Commit { tree { oid } }';

/** One GraphQL document for the whole request, aliases a0…an mapped back to the caller's names. */
export function buildSnapshotQuery(repo: RepoId, request: SnapshotRequest): Built {
  const variables: Record<string, string> = { owner: repo.owner, name: repo.name };
  const declarations: string[] = ['$owner: String!', '$name: String!'];
  // With each head its tree: a commit built on that head then needs no read of the head commit.
  const head = request.headTrees ? headFields : 'oid';
  const selections: string[] = [`defaultBranchRef { name target { ${head} } }`];
  const names: Built['names'] = { blobs: [], trees: [], oids: [], branches: [] };
  let n = 0;
  const add = (value: string) => {
    const alias = `a${n++}`;
    variables[alias] = value;
    declarations.push(`$${alias}: String!`);
    return alias;
  };
  // Through the commit's tree entry, for its mode: a symbolic link must never be read as the file.
  for (const [key, at] of Object.entries(request.blobs ?? {})) {
    const alias = add(at.ref ?? 'HEAD');
    const path = add(at.path);
    selections.push(
      `${alias}: object(expression: $${alias}) { ... on Commit { file(path: $${path}) { mode object { ... on Blob { ${blobFields} } } } } }`,
    );
    names.blobs.push([key, alias]);
  }
  for (const [key, at] of Object.entries(request.trees ?? {})) {
    const alias = add(expression(at));
    // Two levels (page bundles): each subfolder's entries come with it, still one round trip.
    const nested =
      at.depth === 2 ? ' object { ... on Tree { entries { name type oid mode } } }' : '';
    const size = at.sizes ? ' size' : '';
    selections.push(
      `${alias}: object(expression: $${alias}) { ... on Tree { entries { name type oid mode${size}${nested} } } }`,
    );
    names.trees.push([key, alias]);
  }
  for (const [key, at] of Object.entries(request.oids ?? {})) {
    const alias = add(expression(at));
    selections.push(`${alias}: object(expression: $${alias}) { oid }`);
    names.oids.push([key, alias]);
  }
  for (const [key, branch] of Object.entries(request.branches ?? {})) {
    const alias = add(`refs/heads/${branch}`);
    selections.push(
      `${alias}: ref(qualifiedName: $${alias}) { target { ${head} } associatedPullRequests(states: [OPEN], first: 10) { nodes { number baseRefName } } }`,
    );
    names.branches.push([key, alias]);
  }
  const query = `query Snapshot(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${selections.join(' ')} } }`;
  return { query, variables, names };
}

type RawBlob = {
  oid?: string;
  byteSize?: number;
  isTruncated?: boolean;
  isBinary?: boolean | null;
  text?: string | null;
} | null;
type RawHead = { oid: string; tree?: { oid: string } | null };
type RawRepository = Record<string, unknown> & {
  defaultBranchRef: { name: string; target: RawHead | null } | null;
};

export const toBlob = (raw: RawBlob): BlobText | null =>
  raw?.oid
    ? {
        oid: raw.oid,
        text: raw.isBinary ? null : (raw.text ?? null),
        isTruncated: Boolean(raw.isTruncated),
        byteSize: raw.byteSize ?? 0,
      }
    : null;

/** git's mode of a symbolic link, as GraphQL answers it (0o120000). */
const symlinkMode = 0o120000;
/** git's mode of an executable file (0o100755). */
const executableMode = 0o100755;

type RawEntry = { mode?: number; object?: RawBlob } | null;
const fileBlob = (raw: { file?: RawEntry } | null): BlobText | null => {
  const blob = toBlob(raw?.file?.object ?? null);
  return blob && raw?.file?.mode === symlinkMode ? { ...blob, symlink: true } : blob;
};

type RawTreeEntry = {
  name: string;
  type: string;
  oid: string;
  mode?: number;
  size?: number;
  object?: { entries?: RawTreeEntry[] } | null;
};
const toTreeEntry = ({ name, type, oid, mode, size, object }: RawTreeEntry): TreeEntry => ({
  name,
  type: type as TreeEntry['type'],
  oid,
  ...(typeof size === 'number' ? { size } : {}),
  ...(mode === symlinkMode ? { symlink: true } : {}),
  ...(mode === executableMode ? { executable: true as const } : {}),
  ...(object?.entries ? { entries: object.entries.map(toTreeEntry) } : {}),
});

/** A GraphQL answer whose repository is missing (NOT_FOUND) means the user cannot see it. */
export const isNotFound = (error: unknown) =>
  ((error as { errors?: { type?: string }[] } | null)?.errors ?? []).some(
    (entry) => entry.type === 'NOT_FOUND',
  );

export async function snapshot(
  client: GitHubClient,
  repo: RepoId,
  request: SnapshotRequest,
): Promise<Snapshot | null> {
  const built = buildSnapshotQuery(repo, request);
  let repository: RawRepository | null;
  try {
    ({ repository } = await client.graphql<{ repository: RawRepository | null }>(
      built.query,
      built.variables,
    ));
  } catch (error) {
    if (isNotFound(error)) return null;
    translateProviderError(error, `reading ${repo.owner}/${repo.name}`);
  }
  if (!repository) return null;
  const pick = <T>(pairs: [string, string][], map: (raw: never) => T) =>
    Object.fromEntries(
      pairs.map(([key, alias]) => [key, map(repository[alias] as never)]),
    ) as Record<string, T>;
  const defaultBranch = repository.defaultBranchRef?.name ?? 'main';
  return {
    defaultBranch,
    defaultBranchOid: repository.defaultBranchRef?.target?.oid ?? null,
    defaultBranchTree: repository.defaultBranchRef?.target?.tree?.oid ?? null,
    blobs: pick(built.names.blobs, fileBlob),
    trees: pick(built.names.trees, (raw: { entries?: RawTreeEntry[] } | null) =>
      raw?.entries ? raw.entries.map(toTreeEntry) : null,
    ),
    ...(built.names.oids.length > 0 && {
      oids: pick(built.names.oids, (raw: { oid?: string } | null) => raw?.oid ?? null),
    }),
    // A branch's pull request is its draft's only when it proposes the branch into the default
    // branch: one into another base (or several open at once) is someone else's work.
    branches: pick(
      built.names.branches,
      (
        raw: {
          target?: RawHead;
          associatedPullRequests?: { nodes: { number: number; baseRefName: string }[] };
        } | null,
      ) =>
        raw?.target
          ? {
              oid: raw.target.oid,
              ...(raw.target.tree?.oid ? { tree: raw.target.tree.oid } : {}),
              openPullRequest:
                raw.associatedPullRequests?.nodes.find((pull) => pull.baseRefName === defaultBranch)
                  ?.number ?? null,
            }
          : null,
    ),
  };
}
