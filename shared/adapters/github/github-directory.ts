import { ProviderError } from '../../errors';
import type { GitHubClient } from './github-client';
import { statusOfError, translateProviderError } from './github-errors';
import { isNotFound } from './github-snapshot';
import type { DirectoryAt, DirectoryRead, RepoId, TreeEntry } from '../../ports/git-host';

/** Folders whose entries one GraphQL query reads, when a cut recursive tree is completed folder by folder. */
const foldersPerQuery = 100;
const parallelQueries = 4;

interface RestTreeEntry {
  path?: string;
  mode?: string;
  type?: string;
  sha?: string;
}

interface RestTree {
  sha: string;
  tree: RestTreeEntry[];
  truncated: boolean;
}

const entryOf = (raw: RestTreeEntry, name: string): TreeEntry => ({
  name,
  type: raw.type as TreeEntry['type'],
  oid: raw.sha ?? '',
  ...(raw.mode === '120000' ? { symlink: true } : {}),
});

/**
 * A directory's entries over REST trees, which GitHub lists without GraphQL's limits on one answer:
 * - depth 1: the directory's own tree, non-recursive (GitHub documents no cut for it; should one
 *   come, the read fails with a message rather than list fewer entries);
 * - depth 2 (page bundles): the tree with `recursive=1`; GitHub cuts that past 100,000 entries or
 *   7 MB (`truncated: true`), and then the folders are read from the non-recursive tree and their
 *   own entries 100 folders per GraphQL query (one REST request per folder would cost a request
 *   per item of the collection). No entry is ever missed.
 * The directory's tree oid comes from one GraphQL lookup of `ref:path` unless the caller has it.
 */
export async function readDirectory(
  client: GitHubClient,
  repo: RepoId,
  at: DirectoryAt,
): Promise<DirectoryRead | null> {
  const treeOid = at.treeOid ?? (await directoryOid(client, repo, at));
  if (treeOid === undefined) return null;
  if (treeOid === null) return { treeOid: null, entries: [] };
  const tree = await restTree(client, repo, treeOid, at.depth === 2);
  if (!tree) return null;
  if (at.depth !== 2) {
    if (tree.truncated)
      throw new ProviderError(
        `${at.path} has more entries than GitHub lists in one tree; split it into folders`,
      );
    return { treeOid, entries: tree.tree.map((raw) => entryOf(raw, raw.path ?? '')) };
  }
  if (!tree.truncated) return { treeOid, entries: nestTwoLevels(tree.tree) };
  const top = await restTree(client, repo, treeOid, false);
  if (!top) return null;
  if (top.truncated)
    throw new ProviderError(
      `${at.path} has more entries than GitHub lists in one tree; split it into folders`,
    );
  const folders = top.tree.filter((raw) => raw.type === 'tree').map((raw) => raw.sha ?? '');
  const inside = await folderEntries(client, repo, folders);
  return {
    treeOid,
    entries: top.tree.map((raw) =>
      raw.type === 'tree'
        ? { ...entryOf(raw, raw.path ?? ''), entries: inside.get(raw.sha ?? '') ?? [] }
        : entryOf(raw, raw.path ?? ''),
    ),
  };
}

export const directoryQuery =
  'query Directory($owner: String!, $name: String!, $expression: String!) { repository(owner: $owner, name: $name) { object(expression: $expression) { __typename oid } } }';

/** The oid of the tree at `ref:path`; null when no directory is there, undefined when the repository is out of sight. */
async function directoryOid(
  client: GitHubClient,
  repo: RepoId,
  at: DirectoryAt,
): Promise<string | null | undefined> {
  try {
    const { repository } = await client.graphql<{
      repository: { object: { __typename: string; oid: string } | null } | null;
    }>(directoryQuery, {
      owner: repo.owner,
      name: repo.name,
      expression: `${at.ref ?? 'HEAD'}:${at.path}`,
    });
    if (!repository) return undefined;
    return repository.object?.__typename === 'Tree' ? repository.object.oid : null;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    translateProviderError(error, `reading the folder ${at.path}`);
  }
}

async function restTree(
  client: GitHubClient,
  repo: RepoId,
  sha: string,
  recursive: boolean,
): Promise<RestTree | null> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      owner: repo.owner,
      repo: repo.name,
      tree_sha: sha,
      ...(recursive ? { recursive: '1' } : {}),
    });
    return data as RestTree;
  } catch (error) {
    if (statusOfError(error) === 404) return null;
    translateProviderError(error, 'reading a folder');
  }
}

/** A recursive listing as the directory's entries, each folder with its own entries (deeper ones are not needed). */
function nestTwoLevels(tree: readonly RestTreeEntry[]): TreeEntry[] {
  const top: TreeEntry[] = [];
  const folders = new Map<string, TreeEntry[]>();
  for (const raw of tree) {
    const path = raw.path ?? '';
    const slash = path.indexOf('/');
    if (slash === -1) {
      const entry = entryOf(raw, path);
      if (entry.type === 'tree') folders.set(path, (entry.entries = []));
      top.push(entry);
    } else if (!path.includes('/', slash + 1)) {
      folders.get(path.slice(0, slash))?.push(entryOf(raw, path.slice(slash + 1)));
    }
  }
  return top;
}

type RawEntry = { name: string; type: string; oid: string; mode?: number };

/** Up to 100 aliased `object(oid:)` tree reads in one document; oids go in as variables. */
export function buildFoldersQuery(repo: RepoId, oids: readonly string[]) {
  const declarations = [
    '$owner: String!',
    '$name: String!',
    ...oids.map((_, n) => `$t${n}: GitObjectID!`),
  ];
  const selections = oids.map(
    (_, n) => `t${n}: object(oid: $t${n}) { ... on Tree { entries { name type oid mode } } }`,
  );
  return {
    query: `query Folders(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${selections.join(' ')} } }`,
    variables: Object.fromEntries([
      ['owner', repo.owner],
      ['name', repo.name],
      ...oids.map((oid, n) => [`t${n}`, oid]),
    ]) as Record<string, string>,
  };
}

/** Each folder's entries by its tree oid, up to 100 folders per GraphQL query, a few queries at once. */
async function folderEntries(
  client: GitHubClient,
  repo: RepoId,
  oids: readonly string[],
): Promise<Map<string, TreeEntry[]>> {
  const unique = [...new Set(oids)];
  const found = new Map<string, TreeEntry[]>();
  const batches: string[][] = [];
  for (let at = 0; at < unique.length; at += foldersPerQuery)
    batches.push(unique.slice(at, at + foldersPerQuery));
  const readBatch = async (batch: string[]) => {
    const { query, variables } = buildFoldersQuery(repo, batch);
    let repository: Record<string, { entries?: RawEntry[] } | null> | null;
    try {
      ({ repository } = await client.graphql<{
        repository: Record<string, { entries?: RawEntry[] } | null> | null;
      }>(query, variables));
    } catch (error) {
      translateProviderError(error, 'reading folders');
    }
    batch.forEach((oid, n) => {
      const entries = repository?.[`t${n}`]?.entries;
      if (!entries)
        throw new ProviderError('GitHub did not list a folder of the collection; try again');
      found.set(
        oid,
        entries.map(({ name, type, oid: child, mode }) => ({
          name,
          type: type as TreeEntry['type'],
          oid: child,
          ...(mode === 0o120000 ? { symlink: true } : {}),
        })),
      );
    });
  };
  for (let at = 0; at < batches.length; at += parallelQueries)
    await Promise.all(batches.slice(at, at + parallelQueries).map(readBatch));
  return found;
}
