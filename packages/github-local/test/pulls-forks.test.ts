import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { expectValidGitHubQuery } from './support/github-graphql-schema';
import { branchWith, commitOn, freshRepo, headOf } from './collaboration-helpers';
import { api, startTestHost, type TestHost } from './helpers';

const PULLS = '/repos/{owner}/{repo}/pulls';
const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';

/**
 * Cross-repository pull requests (a head branch in a fork) and the files of a pull request over
 * GraphQL: what a service needs to tell a draft of its own from a look-alike.
 */
describe('pull requests from forks, and their changed files', () => {
  let host: TestHost;
  let token: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  const call = (path: string, options: { method?: string; body?: unknown } = {}) =>
    api(host.gh, path, { token, ...options });

  async function gql(query: string, variables: Record<string, unknown>) {
    expectValidGitHubQuery(query);
    const res = await fetch(`${host.gh.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data: any; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  const pullQuery = `query Pull($owner: String!, $name: String!, $number: Int!) {
    repository(owner: $owner, name: $name) {
      pullRequest(number: $number) {
        state isCrossRepository baseRefName headRefName headRefOid
        headRepository { nameWithOwner } headRef { name target { oid } }
        files(first: 100) { totalCount nodes { path changeType additions deletions viewerViewedState } }
      }
      own: ref(qualifiedName: "refs/heads/cms/posts/hello") { associatedPullRequests(first: 5) { totalCount } }
    }
  }`;

  it("opens a pull request from owner:branch of a fork, follows the fork's branch, and merges it", async () => {
    await freshRepo(host.gh, 'fork-site', { 'README.md': '# Site\n' });
    const ours = await branchWith(host.gh, 'demo', 'fork-site', 'cms/posts/hello', {
      'content/posts/hello.md': 'ours\n',
    });
    const fork = await host.gh.forkRepository('demo', 'fork-site', 'bob');
    expect(fork).toMatchObject({ owner: 'bob', name: 'fork-site' });
    expect(await headOf(host.gh, 'bob', 'fork-site', 'cms/posts/hello')).toBe(ours);
    const theirs = await commitOn(host.gh, 'bob', 'fork-site', 'cms/posts/hello', {
      'content/posts/hello.md': 'theirs\n',
      '.github/workflows/deploy.yml': 'on: push\n',
    });

    const created = await call('/repos/demo/fork-site/pulls', {
      method: 'POST',
      body: { title: 'From a fork', head: 'bob:cms/posts/hello', base: 'main' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectGitHubResponse('POST', PULLS, 201, created.body);
    expect(created.body.head).toMatchObject({
      label: 'bob:cms/posts/hello',
      ref: 'cms/posts/hello',
      sha: theirs,
      user: { login: 'bob' },
      repo: { full_name: 'bob/fork-site', fork: true },
    });
    expect(created.body.base).toMatchObject({
      label: 'demo:main',
      repo: { full_name: 'demo/fork-site', fork: false },
    });
    const number = created.body.number as number;
    expect(
      (
        await runGit(host.gh.gitDir('demo', 'fork-site'), ['rev-parse', `refs/pull/${number}/head`])
      ).trim(),
    ).toBe(theirs);
    // The same branch name in the base repository is another head: a pull request for it is not a duplicate.
    const own = await call('/repos/demo/fork-site/pulls', {
      method: 'POST',
      body: { title: 'Ours', head: 'cms/posts/hello', base: 'main' },
    });
    expect(own.status).toBe(201);
    const listed = await call('/repos/demo/fork-site/pulls?head=bob:cms/posts/hello');
    expect(listed.body.map((pull: { number: number }) => pull.number)).toEqual([number]);

    const read = (await gql(pullQuery, { owner: 'demo', name: 'fork-site', number })).repository;
    expect(read.pullRequest).toMatchObject({
      isCrossRepository: true,
      headRepository: { nameWithOwner: 'bob/fork-site' },
      headRef: { name: 'cms/posts/hello', target: { oid: theirs } },
      headRefOid: theirs,
    });
    expect(
      read.pullRequest.files.nodes.map((file: { path: string; changeType: string }) => [
        file.path,
        file.changeType,
      ]),
    ).toEqual([
      ['.github/workflows/deploy.yml', 'ADDED'],
      ['content/posts/hello.md', 'ADDED'],
    ]);
    // Only the base repository's own pull request is associated with its branch.
    expect(read.own.associatedPullRequests.totalCount).toBe(1);

    // Deleting the base repository's same-named branch closes its own pull request, not the fork's.
    await runGit(host.gh.gitDir('demo', 'fork-site'), [
      'update-ref',
      '-d',
      'refs/heads/cms/posts/hello',
    ]);
    expect((await call(`/repos/demo/fork-site/pulls/${own.body.number}`)).body.state).toBe(
      'closed',
    );
    expect((await call(`/repos/demo/fork-site/pulls/${number}`)).body.state).toBe('open');
    const moved = await commitOn(host.gh, 'bob', 'fork-site', 'cms/posts/hello', {
      'content/posts/hello.md': 'theirs, again\n',
    });
    expect((await call(`/repos/demo/fork-site/pulls/${number}`)).body.head.sha).toBe(moved);

    const merged = await call(`/repos/demo/fork-site/pulls/${number}/merge`, {
      method: 'PUT',
      body: { merge_method: 'squash', sha: moved },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(
      await runGit(host.gh.gitDir('demo', 'fork-site'), ['show', 'main:content/posts/hello.md']),
    ).toBe('theirs, again\n');
  });

  it("closes a fork's pull request when the fork's branch goes, and refuses owners without a fork", async () => {
    await freshRepo(host.gh, 'gone-site');
    await host.gh.forkRepository('demo', 'gone-site', 'alice');
    await branchWith(host.gh, 'alice', 'gone-site', 'topic', { 'x.md': 'x\n' });
    const created = await call('/repos/demo/gone-site/pulls', {
      method: 'POST',
      body: { title: 't', head: 'alice:topic', base: 'main' },
    });
    expect(created.status).toBe(201);
    await runGit(host.gh.gitDir('alice', 'gone-site'), ['update-ref', '-d', 'refs/heads/topic']);
    const closed = await call(`/repos/demo/gone-site/pulls/${created.body.number}`);
    expectGitHubResponse('GET', PULL, 200, closed.body);
    expect(closed.body).toMatchObject({ state: 'closed', merged: false });
    const noFork = await call('/repos/demo/gone-site/pulls', {
      method: 'POST',
      body: { title: 't', head: 'bob:topic', base: 'main' },
    });
    expect(noFork.status).toBe(422);
    expect(noFork.body.errors).toEqual([
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  });

  it("lists the files of a same-repository pull request with GitHub's change types, paged", async () => {
    await freshRepo(host.gh, 'files-gql', {
      'keep.md': 'a\nb\nc\n',
      'gone.md': 'bye\n',
      'old-name.md': 'same content\nline two\n',
    });
    await branchWith(host.gh, 'demo', 'files-gql', 'cms/posts/hello', {
      'keep.md': 'a\nB\nc\n',
      'gone.md': null,
      'old-name.md': null,
      'new-name.md': 'same content\nline two\n',
      'added.md': 'new\n',
    });
    const created = await call('/repos/demo/files-gql/pulls', {
      method: 'POST',
      body: { title: 't', head: 'cms/posts/hello', base: 'main' },
    });
    const read = (
      await gql(pullQuery, { owner: 'demo', name: 'files-gql', number: created.body.number })
    ).repository;
    expect(read.pullRequest).toMatchObject({
      isCrossRepository: false,
      headRepository: { nameWithOwner: 'demo/files-gql' },
      baseRefName: 'main',
    });
    expect(read.pullRequest.files.totalCount).toBe(4);
    expect(read.pullRequest.files.nodes).toEqual([
      {
        path: 'added.md',
        changeType: 'ADDED',
        additions: 1,
        deletions: 0,
        viewerViewedState: 'UNVIEWED',
      },
      {
        path: 'gone.md',
        changeType: 'DELETED',
        additions: 0,
        deletions: 1,
        viewerViewedState: 'UNVIEWED',
      },
      {
        path: 'keep.md',
        changeType: 'MODIFIED',
        additions: 1,
        deletions: 1,
        viewerViewedState: 'UNVIEWED',
      },
      {
        path: 'new-name.md',
        changeType: 'RENAMED',
        additions: 0,
        deletions: 0,
        viewerViewedState: 'UNVIEWED',
      },
    ]);
    expect(read.own.associatedPullRequests.totalCount).toBe(1);
    const page = await gql(
      `query Files($owner: String!, $name: String!, $number: Int!) {
        repository(owner: $owner, name: $name) { pullRequest(number: $number) { files(first: 3) { totalCount pageInfo { hasNextPage } nodes { path } } } }
      }`,
      { owner: 'demo', name: 'files-gql', number: created.body.number },
    );
    expect(page.repository.pullRequest.files).toMatchObject({
      totalCount: 4,
      pageInfo: { hasNextPage: true },
    });
    expect(page.repository.pullRequest.files.nodes).toHaveLength(3);
  });
});
