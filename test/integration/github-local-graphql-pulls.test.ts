import { buildSchema, isInputObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit, SCHEMA_SDL, SEED_INSTALLATION_ID } from '@cms/github-local';
import { NotFoundError } from '../../shared/errors';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { getPull, listOpenPulls } from '../../shared/adapters/github/github-pulls-read';
import {
  expectValidGitHubQuery,
  githubSchema,
} from '../../packages/github-local/test/support/github-graphql-schema';
import {
  branchWith,
  commitOn,
  freshRepo,
  headOf,
} from '../../packages/github-local/test/collaboration-helpers';
import {
  api,
  graphqlAs,
  signAppJwt,
  startTestHost,
  type TestHost,
} from '../../packages/github-local/test/helpers';

/**
 * The service adapter's own GraphQL documents (shared/adapters/github/github-pulls-read.ts) against the
 * local host: every document it sends is captured and validated against GitHub's published schema.
 */

describe('pull requests over GraphQL, as the service reads them', () => {
  let host: TestHost;
  const tokens: Record<string, string> = {};
  const sent: string[] = [];
  const accepts: string[] = [];

  beforeAll(async () => {
    host = await startTestHost();
    for (const login of ['demo', 'alice', 'bob'])
      tokens[login] = host.gh.issueUserToken(login).access_token;
  });
  afterAll(() => host.dispose());

  /** The adapter's client, recording each document it posts. */
  const client = (login = 'demo') =>
    createGitHubClient(tokens[login] ?? '', {
      apiUrl: host.gh.apiUrl,
      fetch: async (input, init) => {
        if (typeof init?.body === 'string' && String(input).endsWith('/api/graphql')) {
          sent.push((JSON.parse(init.body) as { query: string }).query);
          accepts.push(new Headers(init.headers).get('accept') ?? '');
        }
        return fetch(input, init);
      },
    });

  /** A raw GraphQL call for what the adapter does not show (error entries, other arguments). */
  const gql = (query: string, variables: Record<string, unknown>, token = tokens.demo!) =>
    graphqlAs(host.gh, token, query, variables);

  async function openPull(repo: string, head: string, title = head): Promise<number> {
    const res = await api(host.gh, `/repos/demo/${repo}/pulls`, {
      token: tokens.demo,
      method: 'POST',
      body: { title, head, base: 'main', body: `About ${head}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.number as number;
  }

  it("declares its input types (IssueOrder, DeploymentOrder, the draft mutations' and updateRefs' inputs) with exactly GitHub's fields", () => {
    const fields = (type: unknown) =>
      isInputObjectType(type)
        ? Object.values(type.getFields())
            .map((field) => `${field.name}: ${String(field.type)}`)
            .sort()
        : null;
    const inputs = Object.values(buildSchema(SCHEMA_SDL).getTypeMap()).filter(isInputObjectType);
    expect(inputs.map((type) => type.name).sort()).toEqual([
      'ConvertPullRequestToDraftInput',
      'DeploymentOrder',
      'IssueOrder',
      'MarkPullRequestReadyForReviewInput',
      'RefUpdate',
      'UpdateRefsInput',
    ]);
    for (const type of inputs)
      expect(fields(type)).toEqual(fields(githubSchema().getType(type.name)));
  });

  it('lists open pull requests newest first with mergeability, authors, shas and the config blob in one round trip', async () => {
    await freshRepo(host.gh, 'list-site', {
      'post.md': 'one\ntwo\nthree\n',
      'cms.config.yml': 'collections: []\n',
    });
    await branchWith(host.gh, 'demo', 'list-site', 'cms/posts/clean', { 'other.md': 'new\n' });
    await branchWith(host.gh, 'demo', 'list-site', 'cms/posts/conflict', {
      'post.md': 'one\nBRANCH\nthree\n',
    });
    await branchWith(host.gh, 'demo', 'list-site', 'cms/posts/closed', { 'closed.md': 'x\n' });
    const clean = await openPull('list-site', 'cms/posts/clean', 'Clean');
    host.clock.advance(2000);
    const conflict = await openPull('list-site', 'cms/posts/conflict', 'Conflict');
    host.clock.advance(2000);
    const closed = await openPull('list-site', 'cms/posts/closed');
    await api(host.gh, `/repos/demo/list-site/pulls/${closed}`, {
      token: tokens.demo,
      method: 'PATCH',
      body: { state: 'closed' },
    });
    await commitOn(host.gh, 'demo', 'list-site', 'main', { 'post.md': 'one\nMAIN\nthree\n' });

    sent.length = 0;
    const listed = await listOpenPulls(
      client(),
      { owner: 'demo', name: 'list-site' },
      { config: { path: 'cms.config.yml' } },
    );
    expect(sent).toHaveLength(1);
    for (const document of sent) expectValidGitHubQuery(document);
    expect(listed?.defaultBranch).toBe('main');
    expect(listed?.blobs.config).toMatchObject({ text: 'collections: []\n', isTruncated: false });
    expect(listed?.pulls.map((pull) => pull.number)).toEqual([conflict, clean]);
    const [first, second] = listed?.pulls ?? [];
    expect(second).toEqual({
      number: clean,
      nodeId: expect.any(String),
      title: 'Clean',
      body: 'About cms/posts/clean',
      state: 'open',
      draft: false,
      merged: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updatedAt: expect.any(String),
      headRef: 'cms/posts/clean',
      headSha: await headOf(host.gh, 'demo', 'list-site', 'cms/posts/clean'),
      baseRef: 'main',
      baseSha: await headOf(host.gh, 'demo', 'list-site', 'main'),
      author: 'demo',
      htmlUrl: `${host.gh.url}/demo/list-site/pull/${clean}`,
      // main moved: the first read answers null (the check runs in the background), like REST.
      mergeable: null,
      mergeStateStatus: 'UNKNOWN',
      reviewDecision: null,
      deploymentUrl: null,
      crossRepository: false,
    });
    expect(first?.mergeable).toBeNull();
    const again = await listOpenPulls(client(), { owner: 'demo', name: 'list-site' });
    expect(
      again?.pulls.map((pull) => [pull.number, pull.mergeable, pull.mergeStateStatus]),
    ).toEqual([
      [conflict, false, 'DIRTY'],
      [clean, true, 'CLEAN'],
    ]);
    // mergeStateStatus came under GitHub's merge-info preview: the reads ask for it.
    expect(accepts.at(-1)).toBe('application/vnd.github.merge-info-preview+json');
    // The same computation as REST's.
    const rest = await api(host.gh, `/repos/demo/list-site/pulls/${conflict}`, {
      token: tokens.demo,
    });
    expect(rest.body).toMatchObject({ mergeable: false, mergeable_state: 'dirty' });
  });

  it("gives the head commit's latest deployment URL, and null when its status has none", async () => {
    await freshRepo(host.gh, 'preview-site');
    await branchWith(host.gh, 'demo', 'preview-site', 'cms/posts/a', { 'a.md': 'a\n' });
    await branchWith(host.gh, 'demo', 'preview-site', 'cms/posts/b', { 'b.md': 'b\n' });
    const a = await openPull('preview-site', 'cms/posts/a');
    const b = await openPull('preview-site', 'cms/posts/b');
    const read = async (number: number) =>
      (await getPull(client(), { owner: 'demo', name: 'preview-site' }, number))?.pull
        .deploymentUrl;
    expect(await read(a)).toBeNull();

    await host.gh.createDeployment('demo', 'preview-site', {
      ref: 'cms/posts/a',
      environmentUrl: 'https://a-1.preview.example',
    });
    host.clock.advance(1000);
    await host.gh.createDeployment('demo', 'preview-site', {
      ref: 'cms/posts/a',
      environmentUrl: 'https://a-2.preview.example',
    });
    await host.gh.createDeployment('demo', 'preview-site', { ref: 'cms/posts/b' });
    expect(await read(a)).toBe('https://a-2.preview.example');
    // REST's "" environment_url is null here (URI).
    expect(await read(b)).toBeNull();

    // A new head commit has no deployment yet: the older commit's preview is not the head's.
    await commitOn(host.gh, 'demo', 'preview-site', 'cms/posts/a', { 'a.md': 'a2\n' });
    expect(await read(a)).toBeNull();
    for (const document of sent) expectValidGitHubQuery(document);

    const head = await headOf(host.gh, 'demo', 'preview-site', 'cms/posts/b');
    const res = await gql(
      `query Deployments($owner: String!, $name: String!, $oid: GitObjectID!) {
        repository(owner: $owner, name: $name) {
          object(oid: $oid) { ... on Commit { deployments(first: 5, orderBy: { field: CREATED_AT, direction: DESC }) {
            totalCount
            nodes { environment originalEnvironment state commitOid task creator { login }
              latestStatus { state environmentUrl logUrl description creator { login } deployment { commitOid } } } } } }
        }
      }`,
      { owner: 'demo', name: 'preview-site', oid: head },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.repository.object.deployments).toEqual({
      totalCount: 1,
      nodes: [
        {
          environment: 'preview',
          originalEnvironment: 'preview',
          state: 'ACTIVE',
          commitOid: head,
          task: 'deploy',
          creator: { login: 'demo' },
          latestStatus: {
            state: 'SUCCESS',
            environmentUrl: null,
            logUrl: null,
            description: null,
            creator: { login: 'demo' },
            deployment: { commitOid: head },
          },
        },
      ],
    });
  });

  it("reads one pull request (any state); a missing number is NotFoundError (GitHub's NOT_FOUND entry next to the repository), a hidden repository null", async () => {
    await freshRepo(host.gh, 'one-site');
    const headSha = await branchWith(host.gh, 'demo', 'one-site', 'cms/posts/merged', {
      'm.md': 'm\n',
    });
    const number = await openPull('one-site', 'cms/posts/merged', 'To merge');
    const viewed = await getPull(client(), { owner: 'demo', name: 'one-site' }, number, {
      config: { path: 'README.md' },
    });
    expect(viewed).toMatchObject({
      pull: {
        number,
        state: 'open',
        merged: false,
        mergeable: true,
        headSha,
        headRef: 'cms/posts/merged',
        crossRepository: false,
        changedFiles: { total: 1, files: [{ path: 'm.md', change: 'added' }] },
      },
      blobs: { config: { text: '# Site\n' } },
      defaultBranch: 'main',
      defaultBranchOid: await headOf(host.gh, 'demo', 'one-site', 'main'),
    });

    const merge = await api(host.gh, `/repos/demo/one-site/pulls/${number}/merge`, {
      token: tokens.demo,
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(merge.status).toBe(200);
    await runGit(host.gh.gitDir('demo', 'one-site'), [
      'update-ref',
      '-d',
      'refs/heads/cms/posts/merged',
    ]);
    const merged = await getPull(client(), { owner: 'demo', name: 'one-site' }, number);
    expect(merged?.pull).toMatchObject({
      state: 'closed',
      merged: true,
      headSha,
      mergeable: null,
      deploymentUrl: null,
    });
    expect(await listOpenPulls(client(), { owner: 'demo', name: 'one-site' })).toMatchObject({
      pulls: [],
    });

    await expect(getPull(client(), { owner: 'demo', name: 'one-site' }, 999)).rejects.toThrow(
      new NotFoundError('Pull request #999 not found'),
    );
    expect(await getPull(client(), { owner: 'demo', name: 'no-such-site' }, number)).toBeNull();
    for (const document of sent) expectValidGitHubQuery(document);
    const res = await gql(
      `query Pull($owner: String!, $name: String!, $number: Int!) {
        repository(owner: $owner, name: $name) {
          pullRequest(number: $number) { number }
          merged: pullRequest(number: ${number}) { state closed mergedAt headRef { name } baseRef { name } mergedBy { login } author { login avatarUrl(size: 40) url resourcePath } }
        }
      }`,
      { owner: 'demo', name: 'one-site', number: 999 },
    );
    expect(res.data.repository.pullRequest).toBeNull();
    expect(res.data.repository.merged).toMatchObject({
      state: 'MERGED',
      closed: true,
      mergedAt: expect.any(String),
      headRef: null,
      baseRef: { name: 'main' },
      mergedBy: { login: 'demo' },
    });
    expect(res.data.repository.merged.author).toEqual({
      login: 'demo',
      avatarUrl: expect.stringMatching(/&s=40$/),
      url: `${host.gh.url}/demo`,
      resourcePath: '/demo',
    });
    expect(res.errors).toEqual([
      {
        type: 'NOT_FOUND',
        path: ['repository', 'pullRequest'],
        locations: [{ line: 3, column: 11 }],
        message: 'Could not resolve to a PullRequest with the number of 999.',
      },
    ]);
  });

  it('hides the repository from callers without access, and needs the app permission for installation tokens', async () => {
    await freshRepo(host.gh, 'private-site');
    await branchWith(host.gh, 'demo', 'private-site', 'cms/posts/x', { 'x.md': 'x\n' });
    const number = await openPull('private-site', 'cms/posts/x');
    await host.gh.createDeployment('demo', 'private-site', {
      ref: 'cms/posts/x',
      environmentUrl: 'https://x.preview.example',
    });
    expect(await listOpenPulls(client('bob'), { owner: 'demo', name: 'private-site' })).toBeNull();
    expect(
      await getPull(client('bob'), { owner: 'demo', name: 'private-site' }, number),
    ).toBeNull();
    expect(
      (await getPull(client('demo'), { owner: 'demo', name: 'private-site' }, number))?.pull
        .deploymentUrl,
    ).toBe('https://x.preview.example');

    // The seeded installation has pull_requests but not deployments: that field alone is FORBIDDEN.
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId, {}, host.clock.now());
    const installation = await api(
      host.gh,
      `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
      { token: jwt, method: 'POST' },
    );
    const res = await gql(
      `query Bot($owner: String!, $name: String!) {
        repository(owner: $owner, name: $name) {
          pullRequests(first: 5, states: [OPEN]) { nodes { number headRef { target { ... on Commit { deployments(last: 1) { nodes { id } } } } } } }
        }
      }`,
      { owner: 'demo', name: 'private-site' },
      installation.body.token as string,
    );
    expect(res.data.repository.pullRequests.nodes).toEqual([
      { number, headRef: { target: { deployments: null } } },
    ]);
    expect(res.errors).toEqual([
      expect.objectContaining({
        type: 'FORBIDDEN',
        path: ['repository', 'pullRequests', 'nodes', 0, 'headRef', 'target', 'deployments'],
        message: 'Resource not accessible by integration',
      }),
    ]);
  });

  it('pages with first/after and last/before, filters by branch and orders by IssueOrder', async () => {
    await freshRepo(host.gh, 'page-site');
    const ahead = await branchWith(host.gh, 'demo', 'page-site', 'cms/posts/p1', { 'p.md': 'p\n' });
    const refs = Array.from(
      { length: 4 },
      (_, i) => `create refs/heads/cms/posts/p${i + 2} ${ahead}`,
    ).join('\n');
    await runGit(host.gh.gitDir('demo', 'page-site'), ['update-ref', '--stdin'], {
      input: `${refs}\n`,
    });
    for (let i = 1; i <= 5; i += 1) {
      await openPull('page-site', `cms/posts/p${i}`);
      host.clock.advance(1000);
    }
    const query = `query Page($owner: String!, $name: String!, $after: String, $before: String, $first: Int, $last: Int, $direction: OrderDirection!, $head: String) {
      repository(owner: $owner, name: $name) {
        pullRequests(states: [OPEN], first: $first, after: $after, last: $last, before: $before, headRefName: $head, orderBy: { field: CREATED_AT, direction: $direction }) {
          totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { number }
        }
      }
    }`;
    const page = async (variables: Record<string, unknown>) =>
      (await gql(query, { owner: 'demo', name: 'page-site', direction: 'DESC', ...variables })).data
        .repository.pullRequests;
    const numbers = (connection: { nodes: { number: number }[] }) =>
      connection.nodes.map((node) => node.number);

    const one = await page({ first: 2 });
    expect(numbers(one)).toEqual([5, 4]);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const two = await page({ first: 2, after: one.pageInfo.endCursor });
    expect(numbers(two)).toEqual([3, 2]);
    const three = await page({ first: 2, after: two.pageInfo.endCursor });
    expect(numbers(three)).toEqual([1]);
    expect(three.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(three.totalCount).toBe(5);
    expect(numbers(await page({ last: 2 }))).toEqual([2, 1]);
    expect(numbers(await page({ last: 2, before: three.pageInfo.startCursor }))).toEqual([3, 2]);
    expect(numbers(await page({ first: 10, direction: 'ASC' }))).toEqual([1, 2, 3, 4, 5]);
    expect(numbers(await page({ first: 10, head: 'cms/posts/p3' }))).toEqual([3]);

    const both = await gql(query, {
      owner: 'demo',
      name: 'page-site',
      direction: 'DESC',
      first: 1,
      last: 1,
    });
    expect(both.errors[0]).toMatchObject({
      type: 'INVALID_CURSOR_ARGUMENTS',
      path: ['repository', 'pullRequests'],
    });
    const tooMany = await gql(query, {
      owner: 'demo',
      name: 'page-site',
      direction: 'DESC',
      last: 101,
    });
    expect(tooMany.errors[0]).toMatchObject({
      type: 'EXCESSIVE_PAGINATION',
      message:
        'Requesting 101 records on the `pullRequests` connection exceeds the `last` limit of 100 records.',
    });
  });

  it('follows every page of more than 100 open pull requests', async () => {
    await freshRepo(host.gh, 'hundred-site');
    const ahead = await branchWith(host.gh, 'demo', 'hundred-site', 'cms/posts/q1', {
      'q.md': 'q\n',
    });
    const refs = Array.from(
      { length: 102 },
      (_, i) => `create refs/heads/cms/posts/q${i + 2} ${ahead}`,
    ).join('\n');
    await runGit(host.gh.gitDir('demo', 'hundred-site'), ['update-ref', '--stdin'], {
      input: `${refs}\n`,
    });
    for (let batch = 0; batch < 103; batch += 26) {
      await Promise.all(
        Array.from({ length: Math.min(26, 103 - batch) }, (_, i) =>
          openPull('hundred-site', `cms/posts/q${batch + i + 1}`),
        ),
      );
    }
    sent.length = 0;
    const listed = await listOpenPulls(client(), { owner: 'demo', name: 'hundred-site' });
    expect(sent).toHaveLength(2);
    expect(listed?.pulls.map((pull) => pull.number)).toEqual(
      Array.from({ length: 103 }, (_, i) => 103 - i),
    );
  }, 60_000);
});
