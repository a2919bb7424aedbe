import { ConflictError, ForbiddenError, NotFoundError, OverlapError } from '../../errors';
import { noRetry, type GitHubClient } from './github-client';
import {
  classifyRefusal,
  protectedBranch,
  providerMessage,
  statusOfError,
  translateProviderError,
} from './github-errors';
import { readBlobBytes } from './github-blob-bytes';
import { blobFields, isNotFound, toBlob } from './github-snapshot';
import type { FileDelete, FileWrite, RepoId } from '../../ports/git-host';

const blobsPerQuery = 100;
const parallelQueries = 4;

const segment = encodeURIComponent;
const contentsUrl = (repo: RepoId, path: string) =>
  `/repos/${segment(repo.owner)}/${segment(repo.name)}/contents/${path.split('/').map(segment).join('/')}`;

/** Up to 100 aliased `object(oid:)` lookups in one document; oids go in as variables. */
export function buildBlobsQuery(repo: RepoId, oids: readonly string[]) {
  const declarations = [
    '$owner: String!',
    '$name: String!',
    ...oids.map((_, n) => `$o${n}: GitObjectID!`),
  ];
  const selections = oids.map(
    (_, n) => `o${n}: object(oid: $o${n}) { ... on Blob { ${blobFields} } }`,
  );
  return {
    query: `query Blobs(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${selections.join(' ')} } }`,
    variables: Object.fromEntries([
      ['owner', repo.owner],
      ['name', repo.name],
      ...oids.map((oid, n) => [`o${n}`, oid]),
    ]) as Record<string, string>,
  };
}

/**
 * Blob texts by oid: up to 100 aliased `object(oid:)` lookups per GraphQL query, a few queries in
 * parallel. A text GraphQL cut short (`isTruncated`) is read whole through the REST blob endpoint,
 * so a truncated text never reaches a caller (and can never be saved back).
 */
export async function readBlobs(
  client: GitHubClient,
  repo: RepoId,
  oids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(oids)];
  const texts = new Map<string, string>();
  const truncated: string[] = [];
  const batches: string[][] = [];
  for (let at = 0; at < unique.length; at += blobsPerQuery)
    batches.push(unique.slice(at, at + blobsPerQuery));

  const readBatch = async (batch: string[]) => {
    const { query, variables } = buildBlobsQuery(repo, batch);
    let repository: Record<string, never> | null;
    try {
      ({ repository } = await client.graphql<{ repository: Record<string, never> | null }>(
        query,
        variables,
      ));
    } catch (error) {
      if (isNotFound(error))
        throw new NotFoundError(`Repository ${repo.owner}/${repo.name} not found`, {
          cause: error,
        });
      translateProviderError(error, 'reading file contents');
    }
    batch.forEach((_, n) => {
      const blob = toBlob(repository?.[`o${n}`] ?? null);
      if (!blob || blob.text === null) return;
      if (blob.isTruncated) truncated.push(blob.oid);
      else texts.set(blob.oid, blob.text);
    });
  };

  for (let at = 0; at < batches.length; at += parallelQueries)
    await Promise.all(batches.slice(at, at + parallelQueries).map(readBatch));
  for (const oid of truncated) texts.set(oid, await readBlobRest(client, repo, oid));
  return texts;
}

export async function readBlobRest(
  client: GitHubClient,
  repo: RepoId,
  oid: string,
): Promise<string> {
  try {
    return (await readBlobBytes(client, repo, oid)).toString('utf8');
  } catch (error) {
    translateProviderError(error, 'reading a large file');
  }
}

function writeError(error: unknown, path: string, creating: boolean): never {
  const status = statusOfError(error);
  const message = providerMessage(error);
  const refusal = classifyRefusal(error);
  if (refusal === 'protected-branch') throw protectedBranch(error);
  // Still another commit first after every repeat: nothing is wrong with the sha (a create has none).
  if (refusal === 'branch-moved')
    throw new ConflictError(
      `The branch kept moving while ${path} was being saved (other saves landed first each time); nothing was saved: try again`,
      { cause: error },
    );
  if (status === 409)
    throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`, {
      cause: error,
    });
  // A create of a file that someone else created since it was found missing: a real overlap.
  if (creating && refusal === 'sha-missing')
    throw new OverlapError(`${path} was just created by someone else`, {
      paths: [path],
      cause: error,
    });
  if (refusal === 'sha-missing' || refusal === 'sha-invalid') {
    throw new ConflictError(
      creating
        ? `${path} already exists; fetch it and send its sha to update it`
        : `${path}: the sha is not valid`,
      { cause: error },
    );
  }
  if (status === 404)
    throw new NotFoundError(
      refusal === 'branch-missing' ? message : `${path} or its branch was not found`,
      { cause: error },
    );
  if (status === 403 && refusal !== 'rate-limited')
    throw new ForbiddenError('GitHub refused the write: you need write access to this repository', {
      cause: error,
    });
  translateProviderError(error, `writing ${path}`);
}

/**
 * GitHub answers 409 both when the file changed (`… does not match <sha>`) and when another
 * commit moved the branch while this one was being made. The second is safe to repeat: the
 * write is still guarded by `sha` (or, for a create, by the file not existing), so a repeat can
 * never overwrite anyone's change. Repeated a few times with jitter; the first kind never.
 */
async function retryBranchRaces<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const refusal = classifyRefusal(error);
      const raced =
        statusOfError(error) === 409 && refusal !== 'stale-sha' && refusal !== 'protected-branch';
      if (!raced || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 160 * (attempt + 1)));
    }
  }
}

/** Contents API PUT: GitHub itself compares `sha` with the current blob (compare-and-swap). */
export async function putFile(client: GitHubClient, repo: RepoId, write: FileWrite) {
  try {
    const { data } = await retryBranchRaces(() =>
      client.request({
        method: 'PUT',
        url: contentsUrl(repo, write.path),
        message: write.message,
        content: Buffer.from(write.content, 'utf8').toString('base64'),
        ...(write.sha ? { sha: write.sha } : {}),
        ...(write.branch ? { branch: write.branch } : {}),
        ...noRetry,
      }),
    );
    const answer = data as { content: { sha: string }; commit: { sha: string } };
    return { sha: answer.content.sha, commitSha: answer.commit.sha };
  } catch (error) {
    writeError(error, write.path, !write.sha);
  }
}

export async function deleteFile(client: GitHubClient, repo: RepoId, change: FileDelete) {
  try {
    const { data } = await retryBranchRaces(() =>
      client.request({
        method: 'DELETE',
        url: contentsUrl(repo, change.path),
        message: change.message,
        sha: change.sha,
        ...(change.branch ? { branch: change.branch } : {}),
        ...noRetry,
      }),
    );
    return { commitSha: (data as { commit: { sha: string } }).commit.sha };
  } catch (error) {
    writeError(error, change.path, false);
  }
}
