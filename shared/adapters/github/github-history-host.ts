import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-client';
import { translateProviderError } from './github-errors';
import { isNotFound } from './github-snapshot';
import type { RepoId } from '../../ports/git-host';
import {
  maxLastChanges,
  type HistoryCommit,
  type HistoryHost,
  type HistoryPage,
  type HistoryRequest,
  type LastChangeRequest,
  type MovedFromRequest,
} from '../../ports/history-host';

const commitFields =
  'oid message author { name date user { login } } associatedPullRequests(first: 1) { nodes { number headRefName } } file(path: $path) { oid } parents(first: 1) { nodes { oid } }';

/** One GraphQL document: the page of history, and the checked path's oid beside it when asked. */
export function historyQuery(check: boolean): string {
  const declarations =
    '$owner: String!, $name: String!, $from: String!, $path: String!, $first: Int!, $after: String' +
    (check ? ', $check: String!' : '');
  return `query History(${declarations}) { repository(owner: $owner, name: $name) { ${check ? 'checked: object(expression: $check) { oid } ' : ''}object(expression: $from) { ... on Commit { oid history(path: $path, first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${commitFields} } } } } } }`;
}

interface RawCommit {
  oid: string;
  message: string;
  author: { name: string | null; date: string | null; user: { login: string } | null } | null;
  associatedPullRequests: { nodes: { number: number; headRefName: string }[] } | null;
  file: { oid: string } | null;
  parents: { nodes: { oid: string }[] };
}

interface RawHistory {
  repository: {
    checked?: { oid: string } | null;
    object: {
      oid?: string;
      history?: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: RawCommit[];
      };
    } | null;
  } | null;
}

const toCommit = (raw: RawCommit): HistoryCommit => ({
  oid: raw.oid,
  message: raw.message,
  date: raw.author?.date ?? '',
  authorName: raw.author?.name ?? null,
  authorLogin: raw.author?.user?.login ?? null,
  pullRequest: raw.associatedPullRequests?.nodes[0] ?? null,
  blob: raw.file?.oid ?? null,
});

async function history(
  client: GitHubClient,
  repo: RepoId,
  request: HistoryRequest,
): Promise<HistoryPage | null> {
  let answer: RawHistory;
  try {
    answer = await client.graphql<RawHistory>(historyQuery(request.check !== undefined), {
      owner: repo.owner,
      name: repo.name,
      from: request.from,
      path: request.path,
      first: request.first,
      after: request.after ?? null,
      ...(request.check !== undefined && { check: `HEAD:${request.check}` }),
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    translateProviderError(error, `reading the history of ${request.path}`);
  }
  const object = answer.repository?.object;
  if (!object?.oid || !object.history) return null;
  const { pageInfo, nodes } = object.history;
  const last = pageInfo.hasNextPage ? undefined : nodes[nodes.length - 1];
  return {
    head: object.oid,
    commits: nodes.map(toCommit),
    next: pageInfo.hasNextPage ? pageInfo.endCursor : null,
    oldestParent: last?.parents.nodes[0]?.oid ?? null,
    ...(request.check !== undefined && { checkedOid: answer.repository?.checked?.oid ?? null }),
  };
}

type RawEntry = {
  name: string;
  oid: string;
  type: string;
  object?: { entries?: RawEntry[] } | null;
};

/** Every blob under the directory, by path, one or two levels down. */
function blobsOf(directory: string, entries: RawEntry[] | undefined): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const entry of entries ?? []) {
    const path = `${directory}/${entry.name}`;
    if (entry.type === 'blob') blobs.set(path, entry.oid);
    for (const inner of entry.object?.entries ?? [])
      if (inner.type === 'blob') blobs.set(`${path}/${inner.name}`, inner.oid);
  }
  return blobs;
}

/** The folder before and after a commit, one or two levels deep, in one document. */
export function movedFromQuery(depth: 1 | 2): string {
  const nested = depth === 2 ? ' object { ... on Tree { entries { name oid type } } }' : '';
  const tree = `... on Tree { entries { name oid type${nested} } }`;
  return `query MovedFrom($owner: String!, $name: String!, $before: String!, $after: String!) { repository(owner: $owner, name: $name) { before: object(expression: $before) { ${tree} } after: object(expression: $after) { ${tree} } } }`;
}

async function movedFrom(
  client: GitHubClient,
  repo: RepoId,
  at: MovedFromRequest,
): Promise<string[]> {
  const query = movedFromQuery(at.depth);
  type Raw = {
    repository: {
      before: { entries?: RawEntry[] } | null;
      after: { entries?: RawEntry[] } | null;
    } | null;
  };
  let answer: Raw;
  try {
    answer = await client.graphql<Raw>(query, {
      owner: repo.owner,
      name: repo.name,
      before: `${at.parent}:${at.directory}`,
      after: `${at.commit}:${at.directory}`,
    });
  } catch (error) {
    if (isNotFound(error)) return [];
    translateProviderError(error, `reading where ${at.directory} changed`);
  }
  const before = blobsOf(at.directory, answer.repository?.before?.entries);
  const after = blobsOf(at.directory, answer.repository?.after?.entries);
  return [...before]
    .filter(([path, oid]) => oid === at.blob && !after.has(path))
    .map(([path]) => path);
}

/** One document asking, under an alias each, the newest commit from `$f{n}` that touched `$p{n}`. */
export function lastChangesQuery(count: number): string {
  const numbers = Array.from({ length: count }, (_, n) => n);
  const declarations = numbers.map((n) => `$f${n}: String!, $p${n}: String!`).join(', ');
  const fields = numbers
    .map(
      (n) =>
        `c${n}: object(expression: $f${n}) { ... on Commit { history(path: $p${n}, first: 1) { nodes { oid } } } }`,
    )
    .join(' ');
  return `query LastChanges($owner: String!, $name: String!, ${declarations}) { repository(owner: $owner, name: $name) { ${fields} } }`;
}

async function lastChanges(
  client: GitHubClient,
  repo: RepoId,
  requests: readonly LastChangeRequest[],
): Promise<(string | null)[]> {
  if (requests.length === 0) return [];
  if (requests.length > maxLastChanges)
    throw new Error(`lastChanges takes at most ${maxLastChanges} requests`);
  type Raw = {
    repository: Record<string, { history?: { nodes: { oid: string }[] } } | null> | null;
  };
  const variables: Record<string, string> = { owner: repo.owner, name: repo.name };
  requests.forEach((request, n) => {
    variables[`f${n}`] = request.from;
    variables[`p${n}`] = request.path;
  });
  let answer: Raw;
  try {
    answer = await client.graphql<Raw>(lastChangesQuery(requests.length), variables);
  } catch (error) {
    if (isNotFound(error)) return requests.map(() => null);
    translateProviderError(error, 'reading when files last changed');
  }
  return requests.map((_, n) => answer.repository?.[`c${n}`]?.history?.nodes[0]?.oid ?? null);
}

/** History over GitHub's GraphQL API: one round trip per page, one more where a file was moved. */
export function createGitHubHistoryHost(options: GitHubClientOptions): HistoryHost {
  const client = (token: string) => createGitHubClient(token, options);
  return {
    history: (token, repo, request) => history(client(token), repo, request),
    movedFrom: (token, repo, at) => movedFrom(client(token), repo, at),
    lastChanges: (token, repo, requests) => lastChanges(client(token), repo, requests),
  };
}
