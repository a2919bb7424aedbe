import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '@cms/github-local';
import { ConflictError } from '../../shared/errors';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { buildMovedQuery, commitTree } from '../../shared/adapters/github/github-commit-tree';
import { expectValidGitHubQuery } from '../../packages/github-local/test/support/github-graphql-schema';
import {
  commitOn,
  freshRepo,
  headOf,
} from '../../packages/github-local/test/collaboration-helpers';
import { startTestHost, type TestHost } from '../../packages/github-local/test/helpers';

/**
 * The adapter's commit on a branch that moved meanwhile (shared/adapters/github/github-commit-tree.ts)
 * against the local host: what it costs in GitHub round trips, and where it stops.
 */
describe('a commit rebuilt on a moved branch', () => {
  let host: TestHost;
  let token: string;
  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  const repoId = (name: string) => ({ owner: 'demo', name });
  const requests = () =>
    host.gh
      .requestLog()
      .map(
        (entry) =>
          `${entry.method} ${entry.path.replace(/^\/api\/v3\/repos\/demo\/[^/]+/, '')}${entry.graphqlOperation ? ` ${entry.graphqlOperation}` : ''}`,
      );

  it('costs four more round trips: both heads and the touched paths in one read, then the tree, the commit and the ref again', async () => {
    // Prepare
    const parent = await freshRepo(host.gh, 'rebuild-once', { 'a.md': 'a\n' });
    await commitOn(host.gh, 'demo', 'rebuild-once', 'main', { 'b.md': 'someone else\n' });
    host.gh.resetRequestCount();

    // Act
    const sha = await commitTree(
      createGitHubClient(token, { apiUrl: host.gh.apiUrl }),
      repoId('rebuild-once'),
      {
        branch: 'main',
        parents: [parent],
        changes: [{ path: 'static/media/x.png', content: 'x' }],
        message: 'Upload',
        force: false,
        rebuildOnMove: true,
      },
    );

    // Assess
    expect(await headOf(host.gh, 'demo', 'rebuild-once', 'main')).toBe(sha);
    expect(requests()).toEqual([
      'GET /git/commits/' + parent,
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
      'POST /api/graphql MovedBranch',
      'POST /git/trees',
      'POST /git/commits',
      'PATCH /git/refs/heads/main',
    ]);
  });

  it('stops after five rebuilds on a branch that keeps moving: ConflictError, nothing committed', async () => {
    // Prepare: every ref update finds another commit just landed.
    const parent = await freshRepo(host.gh, 'rebuild-busy', { 'a.md': 'a\n' });
    let landed = 0;
    const client = createGitHubClient(token, {
      apiUrl: host.gh.apiUrl,
      fetch: async (input, init) => {
        if (init?.method === 'PATCH')
          await commitOn(host.gh, 'demo', 'rebuild-busy', 'main', {
            [`other-${(landed += 1)}.md`]: 'x\n',
          });
        return fetch(input, init);
      },
    });
    host.gh.resetRequestCount();

    // Act
    const commit = commitTree(client, repoId('rebuild-busy'), {
      branch: 'main',
      parents: [parent],
      changes: [{ path: 'mine.md', content: 'mine\n' }],
      message: 'Mine',
      force: false,
      rebuildOnMove: true,
    });

    // Assess
    await expect(commit).rejects.toThrow(
      new ConflictError(
        'main kept moving while this commit was being made (another commit landed first 6 times); nothing was committed: try again',
      ),
    );
    expect(landed).toBe(6);
    expect(requests().filter((request) => request.startsWith('PATCH'))).toHaveLength(6);
    expect(requests().filter((request) => request.endsWith('MovedBranch'))).toHaveLength(5);
    expect(
      (
        await runGit(host.gh.gitDir('demo', 'rebuild-busy'), ['ls-tree', '--name-only', 'main'])
      ).split('\n'),
    ).not.toContain('mine.md');
  });

  it('reads both heads with a document GitHub accepts', () => {
    expectValidGitHubQuery(
      buildMovedQuery(repoId('x'), {
        branch: 'cms/posts/a',
        from: 'a'.repeat(40),
        paths: ['a.md', 'static/media/b.png'],
      }).query,
    );
  });
});
