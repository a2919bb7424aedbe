import { describe, expect, it } from 'vitest';
import { branchWith, commitOn, freshRepo } from './collaboration-helpers';
import { graphqlAs, useSignedInHost } from './helpers';

const HISTORY = /* GraphQL */ `
  query History($owner: String!, $name: String!, $rev: String!, $path: String!, $after: String) {
    repository(owner: $owner, name: $name) {
      object(expression: $rev) {
        ... on Commit {
          history(path: $path, first: 2, after: $after) {
            totalCount
            pageInfo {
              hasNextPage
              endCursor
            }
            nodes {
              oid
              messageHeadline
              author {
                name
                email
                date
                user {
                  login
                }
              }
              associatedPullRequests(first: 1) {
                nodes {
                  number
                  headRefName
                }
              }
            }
          }
        }
      }
    }
  }
`;

describe("GraphQL: a commit's history of one path", () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  const historyOf = (path: string, after?: string) =>
    graphqlAs(host.gh, tokens.demo ?? '', HISTORY, {
      owner: 'demo',
      name: 'history-site',
      rev: 'main',
      path,
      after,
    });

  it('lists the commits that touched the path, newest first, in pages, with their authors as GitHub users', async () => {
    await freshRepo(host.gh, 'history-site', { 'posts/a.md': 'a\n', 'posts/b.md': 'b\n' });
    const second = await commitOn(
      host.gh,
      'demo',
      'history-site',
      'main',
      { 'posts/a.md': 'A\n' },
      'Edit a',
    );
    await commitOn(host.gh, 'demo', 'history-site', 'main', { 'posts/b.md': 'B\n' }, 'Edit b');
    const fourth = await commitOn(
      host.gh,
      'demo',
      'history-site',
      'main',
      { 'posts/a.md': 'AA\n' },
      'Edit a again',
    );

    const first = await historyOf('posts/a.md');
    const page = first.data.repository.object.history;
    expect(page.totalCount).toBe(3);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.nodes.map((node: { oid: string }) => node.oid)).toEqual([fourth, second]);
    expect(page.nodes[0]).toMatchObject({
      messageHeadline: 'Edit a again',
      author: { name: 'Demo User', email: 'demo@example.com', user: { login: 'demo' } },
      associatedPullRequests: { nodes: [] },
    });
    expect(page.nodes[0].author.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const next = (await historyOf('posts/a.md', page.pageInfo.endCursor)).data.repository.object
      .history;
    expect(next.pageInfo.hasNextPage).toBe(false);
    expect(next.nodes.map((node: { messageHeadline: string }) => node.messageHeadline)).toEqual([
      'Initial commit',
    ]);
  });

  it('takes the path literally and names no user for an email no account has', async () => {
    await commitOn(host.gh, 'demo', 'history-site', 'main', { ':(glob)x.md': 'x\n' }, 'Odd name');
    const answer = await historyOf(':(glob)x.md');
    expect(answer.errors).toBeUndefined();
    expect(answer.data.repository.object.history.totalCount).toBe(1);
    expect((await historyOf('posts/none.md')).data.repository.object.history).toMatchObject({
      totalCount: 0,
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });

  it('names the pull request a squash-merged commit published', async () => {
    await branchWith(host.gh, 'demo', 'history-site', 'cms/posts/b', { 'posts/b.md': 'Bee\n' });
    const opened = await call('/repos/demo/history-site/pulls', {
      method: 'POST',
      body: { title: 'Edit b', head: 'cms/posts/b', base: 'main' },
    });
    expect(opened.status).toBe(201);
    const merged = await call(`/repos/demo/history-site/pulls/${opened.body.number}/merge`, {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(merged.status).toBe(200);

    const [latest] = (await historyOf('posts/b.md')).data.repository.object.history.nodes;
    expect(latest.oid).toBe(merged.body.sha);
    expect(latest.associatedPullRequests.nodes).toEqual([
      { number: opened.body.number, headRefName: 'cms/posts/b' },
    ]);
  });
});
