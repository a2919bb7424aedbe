import { NotFoundError } from '../../errors';
import type { GitHubClient } from './github-client';
import { translateProviderError } from './github-errors';
import { blobFields, isNotFound, toBlob } from './github-snapshot';
import type { BlobText, PathAt, RepoId } from '../../ports/git-host';
import type {
  FileChangeType,
  MergeStateStatus,
  PullFiles,
  PullInfo,
  ReviewDecision,
} from '../../ports/pull-host';

export const pullFields = `id number title body state isDraft merged createdAt updatedAt headRefName headRefOid baseRefName baseRefOid url mergeable
  mergeStateStatus reviewDecision
  isCrossRepository author { login }
  headRef { target { ... on Commit { deployments(last: 1) { nodes { latestStatus { environmentUrl } } } } } }`;

interface RawPull {
  id: string;
  number: number;
  isDraft: boolean;
  title: string;
  body: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  merged: boolean;
  createdAt: string;
  updatedAt: string;
  headRefName: string;
  headRefOid: string;
  baseRefName: string;
  baseRefOid: string;
  url: string;
  mergeable: 'MERGEABLE' | 'CONFLICTING' | 'UNKNOWN';
  mergeStateStatus: MergeStateStatus;
  reviewDecision: ReviewDecision | null;
  author: { login: string } | null;
  headRef: {
    target: {
      deployments?: { nodes: { latestStatus: { environmentUrl: string | null } | null }[] };
    } | null;
  } | null;
  isCrossRepository: boolean;
  files?: { totalCount: number; nodes: ({ path: string; changeType: string } | null)[] } | null;
}

/** The changed files read with one pull request: enough to tell a draft from a look-alike. */
const fileFields = 'files(first: 100) { totalCount nodes { path changeType } }';

function toFiles(raw: RawPull['files']): PullFiles | undefined {
  // null: GitHub could not list them (e.g. a huge diff), which counts as too many to check.
  if (raw === undefined) return undefined;
  if (raw === null) return { total: Number.POSITIVE_INFINITY, files: [] };
  const files = raw.nodes.flatMap((node) =>
    node ? [{ path: node.path, change: node.changeType.toLowerCase() as FileChangeType }] : [],
  );
  return { total: raw.totalCount, files };
}

export const toPull = (raw: RawPull): PullInfo => ({
  number: raw.number,
  nodeId: raw.id,
  title: raw.title,
  body: raw.body ?? '',
  state: raw.state === 'OPEN' ? 'open' : 'closed',
  draft: raw.isDraft,
  merged: raw.merged,
  createdAt: raw.createdAt,
  updatedAt: raw.updatedAt,
  headRef: raw.headRefName,
  headSha: raw.headRefOid,
  baseRef: raw.baseRefName,
  baseSha: raw.baseRefOid,
  author: raw.author?.login ?? 'ghost',
  htmlUrl: raw.url,
  mergeable: raw.mergeable === 'MERGEABLE' ? true : raw.mergeable === 'CONFLICTING' ? false : null,
  mergeStateStatus: raw.mergeStateStatus,
  reviewDecision: raw.reviewDecision ?? null,
  deploymentUrl: raw.headRef?.target?.deployments?.nodes[0]?.latestStatus?.environmentUrl ?? null,
  crossRepository: raw.isCrossRepository,
  ...(raw.files === undefined ? {} : { changedFiles: toFiles(raw.files) }),
});

/** Blob selections for `object(expression:)` lookups, as variables a0…an. */
function blobSelections(blobs: Record<string, PathAt>) {
  const entries = Object.entries(blobs);
  return {
    declarations: entries.map((_, n) => `, $a${n}: String!`).join(''),
    selections: entries
      .map((_, n) => `a${n}: object(expression: $a${n}) { ... on Blob { ${blobFields} } }`)
      .join(' '),
    variables: Object.fromEntries(
      entries.map(([, at], n) => [`a${n}`, `${at.ref ?? 'HEAD'}:${at.path}`]),
    ),
    read: (repository: Record<string, unknown>) =>
      Object.fromEntries(
        entries.map(([key], n) => [key, toBlob((repository[`a${n}`] ?? null) as never)]),
      ) as Record<string, BlobText | null>,
  };
}

type Repository = Record<string, unknown> & {
  defaultBranchRef: { name: string; target: { oid: string } | null } | null;
};

async function query(
  client: GitHubClient,
  document: string,
  variables: Record<string, unknown>,
  what: string,
): Promise<Repository | null> {
  try {
    // mergeStateStatus was first served under GitHub's merge-info preview: asking for it costs
    // nothing where the field is generally available.
    const { repository } = await client.graphql<{ repository: Repository | null }>(document, {
      ...variables,
      mediaType: { previews: ['merge-info'] },
    });
    return repository;
  } catch (error) {
    // GitHub answers the data it could resolve next to NOT_FOUND: a repository without the pull
    // request asked for is still there (visible), a repository the user cannot see is null.
    if (isNotFound(error))
      return (error as { data?: { repository?: Repository | null } }).data?.repository ?? null;
    translateProviderError(error, what);
  }
}

export async function listOpenPulls(
  client: GitHubClient,
  repo: RepoId,
  blobs: Record<string, PathAt> = {},
  options: { files?: boolean } = {},
) {
  const extra = blobSelections(blobs);
  const pulls: PullInfo[] = [];
  let after: string | null = null;
  let first: Repository | null = null;
  do {
    const withBlobs = first === null;
    const document = `query OpenPulls($owner: String!, $name: String!, $after: String${withBlobs ? extra.declarations : ''}) {
      repository(owner: $owner, name: $name) {
        defaultBranchRef { name }
        pullRequests(states: [OPEN], first: 100, after: $after, orderBy: { field: CREATED_AT, direction: DESC }) {
          pageInfo { hasNextPage endCursor }
          nodes { ${pullFields} ${options.files ? fileFields : ''} }
        }
        ${withBlobs ? extra.selections : ''}
      }
    }`;
    const repository = await query(
      client,
      document,
      { owner: repo.owner, name: repo.name, after, ...(withBlobs ? extra.variables : {}) },
      'listing pull requests',
    );
    if (!repository) return null;
    first ??= repository;
    const page = repository.pullRequests as {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: RawPull[];
    };
    pulls.push(...page.nodes.map(toPull));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return { pulls, blobs: extra.read(first), defaultBranch: first.defaultBranchRef?.name ?? 'main' };
}

export async function getPull(
  client: GitHubClient,
  repo: RepoId,
  number: number,
  blobs: Record<string, PathAt> = {},
) {
  const extra = blobSelections(blobs);
  const document = `query Pull($owner: String!, $name: String!, $number: Int!${extra.declarations}) {
    repository(owner: $owner, name: $name) {
      id
      defaultBranchRef { name target { oid } }
      pullRequest(number: $number) { ${pullFields} ${fileFields} }
      ${extra.selections}
    }
  }`;
  const repository = await query(
    client,
    document,
    { owner: repo.owner, name: repo.name, number, ...extra.variables },
    `reading pull request #${number}`,
  );
  if (!repository) return null;
  const raw = repository.pullRequest as RawPull | null | undefined;
  if (!raw) throw new NotFoundError(`Pull request #${number} not found`);
  return {
    pull: toPull(raw),
    blobs: extra.read(repository),
    defaultBranch: repository.defaultBranchRef?.name ?? 'main',
    defaultBranchOid: repository.defaultBranchRef?.target?.oid ?? raw.baseRefOid,
    repositoryId: repository.id as string,
  };
}
