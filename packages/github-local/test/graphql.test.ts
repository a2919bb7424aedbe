import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { SCHEMA_SDL } from '../src/graphql/schema';
import { startGitHubLocal, type GitHubLocal } from '../src/server';
import { expectValidGitHubQuery, subsetViolations } from './support/github-graphql-schema';
import { api, startTestHost, type TestHost } from './helpers';

interface GraphqlAnswer {
  status: number;
  headers: Headers;
  // Shapes are asserted field by field below.
  body: any;
}

/** Posts a query; every document a test sends must also be valid against GitHub's published schema. */
async function gql(
  gh: GitHubLocal,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlAnswer> {
  const res = await fetch(`${gh.url}/api/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const author = { name: 'Test', email: 'test@example.com' };

describe('GraphQL API', () => {
  let host: TestHost;
  let token: string;
  let gitDir: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
    gitDir = host.gh.gitDir('demo', 'blog');
  });
  afterAll(() => host.dispose());

  const git = (...args: string[]) => runGit(gitDir, args).then((out) => out.trim());
  const ask = (query: string, variables?: Record<string, unknown>) => {
    expectValidGitHubQuery(query);
    return gql(host.gh, token, query, variables);
  };

  it("declares a strict subset of GitHub's published schema", () => {
    expect(subsetViolations(SCHEMA_SDL)).toEqual([]);
    expect(subsetViolations(`${SCHEMA_SDL}\nextend type Blob { sizeInBytes: Int }`)).toEqual([
      'Blob.sizeInBytes does not exist on GitHub',
    ]);
  });

  it('leaves out fields no client of this project asks for', () => {
    // Neither the service's GraphQL documents (shared/adapters/github/) nor any test reads these.
    const schema = buildSchema(SCHEMA_SDL);
    const unserved = [
      ...[
        'PullRequest.baseRepository',
        'PullRequest.closedAt',
        'PullRequest.databaseId',
        'PullRequest.permalink',
        'Deployment.databaseId',
        'Deployment.latestEnvironment',
        'Commit.authoredDate',
        'RateLimit.nodeCount',
      ],
      // Node ids, resource paths and back links nothing reads; only Repository, Deployment and PullRequest (the mutations' input) keep `id`.
      ...[
        'User.id',
        'Ref.id',
        'Blob.id',
        'Tree.id',
        'Commit.id',
        'DeploymentStatus.id',
        'GitObject.id',
      ],
      ...[
        'Repository.name',
        'Ref.repository',
        'Blob.repository',
        'Tree.repository',
        'TreeEntry.repository',
        'Commit.repository',
        'PullRequest.repository',
        'Deployment.repository',
        'GitObject.repository',
      ],
      ...[
        'Blob.commitResourcePath',
        'Blob.commitUrl',
        'Tree.abbreviatedOid',
        'Tree.commitResourcePath',
        'Tree.commitUrl',
        'Commit.abbreviatedOid',
        'Commit.commitResourcePath',
        'Commit.commitUrl',
        'GitObject.abbreviatedOid',
        'GitObject.commitResourcePath',
        'GitObject.commitUrl',
        'PullRequest.resourcePath',
      ],
      ...[
        'Commit.committer',
        'Deployment.commit',
        'Deployment.createdAt',
        'Deployment.updatedAt',
        'Deployment.description',
        'Deployment.payload',
        'Deployment.ref',
        'Deployment.statuses',
      ],
      ...[
        'DeploymentStatus.createdAt',
        'DeploymentStatus.updatedAt',
        'DeploymentStatus.environment',
      ],
      // Connections answer nodes (and pageInfo where a client pages): no edges or cursors per item.
      ...[
        'RefConnection.edges',
        'CommitConnection.edges',
        'CommitConnection.pageInfo',
        'CommitHistoryConnection.edges',
        'PullRequestConnection.edges',
        'PullRequestChangedFileConnection.edges',
        'DeploymentConnection.edges',
        'DeploymentConnection.pageInfo',
      ],
    ];
    const served = unserved.filter((name) => {
      const [type = '', field = ''] = name.split('.');
      return field in (schema.getType(type) as GraphQLObjectType).getFields();
    });
    expect(served).toEqual([]);
    const edgeTypes = [
      'RefEdge',
      'CommitEdge',
      'PullRequestEdge',
      'PullRequestChangedFileEdge',
      'DeploymentEdge',
      'DeploymentStatusEdge',
      'DeploymentStatusConnection',
    ];
    expect(edgeTypes.filter((name) => schema.getType(name))).toEqual([]);
  });

  it('requires authentication (401) and rejects unknown tokens', async () => {
    const anonymous = await gql(host.gh, null, '{ viewer { login } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      message: 'This endpoint requires you to be authenticated.',
      documentation_url:
        'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
    });
    const unknown = await gql(host.gh, 'ghu_unknown', '{ viewer { login } }');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Bad credentials');
  });

  it('answers viewer and rateLimit, with GraphQL rate-limit headers', async () => {
    const res = await ask(
      'query Who { viewer { login } rateLimit { cost limit remaining used resetAt } }',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.viewer).toEqual({ login: 'demo' });
    expect(res.body.data.rateLimit).toMatchObject({ cost: 1, limit: 5000 });
    expect(res.body.data.rateLimit.used + res.body.data.rateLimit.remaining).toBe(5000);
    expect(res.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('resolves HEAD: and branch: expressions to blobs and trees, and missing paths to null', async () => {
    const res = await ask(
      `query Objects($owner: String!, $name: String!) {
      repository(owner: $owner, name: $name) {
        nameWithOwner isPrivate
        defaultBranchRef { name prefix target { oid } }
        readme: object(expression: "HEAD:README.md") { __typename ... on Blob { oid byteSize text isBinary isTruncated abbreviatedOid } }
        posts: object(expression: "main:content/posts") {
          ... on Tree { oid entries { name path type mode oid size object { ... on Blob { byteSize } } } }
        }
        missing: object(expression: "main:content/nope.md") { oid }
        badRev: object(expression: "no-such-branch:README.md") { oid }
      }
    }`,
      { owner: 'demo', name: 'blog' },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const repo = res.body.data.repository;
    expect(repo).toMatchObject({
      nameWithOwner: 'demo/blog',
      isPrivate: true,
      defaultBranchRef: {
        name: 'main',
        prefix: 'refs/heads/',
        target: { oid: await git('rev-parse', 'main') },
      },
    });
    const readme = await runGit(gitDir, ['cat-file', 'blob', 'main:README.md']);
    expect(repo.readme).toEqual({
      __typename: 'Blob',
      oid: await git('rev-parse', 'main:README.md'),
      abbreviatedOid: (await git('rev-parse', 'main:README.md')).slice(0, 7),
      byteSize: Buffer.byteLength(readme),
      text: readme,
      isBinary: false,
      isTruncated: false,
    });
    expect(repo.posts.oid).toBe(await git('rev-parse', 'main:content/posts'));
    expect(repo.posts.entries).toHaveLength(4);
    const [first] = repo.posts.entries;
    expect(first).toMatchObject({
      name: '2024-02-14-hello-world.md',
      path: 'content/posts/2024-02-14-hello-world.md',
      type: 'blob',
      mode: 0o100644,
    });
    expect(first.size).toBe(first.object.byteSize);
    expect(repo.missing).toBeNull();
    expect(repo.badRev).toBeNull();
  });

  it('answers 100 aliased object(oid:) lookups in one request', async () => {
    const changes = Array.from({ length: 100 }, (_, index) => ({
      path: `bulk/file-${String(index).padStart(3, '0')}.md`,
      content: `# File ${index}\n`,
    }));
    await host.gh.commitFiles('demo', 'blog', { branch: 'main', changes, message: 'Bulk', author });
    const oids = (await git('ls-tree', 'main:bulk'))
      .split('\n')
      .map((line) => line.split(/\s+/)[2] ?? '');
    expect(oids).toHaveLength(100);
    const fields = oids
      .map(
        (oid, index) => `b${index}: object(oid: "${oid}") { ... on Blob { oid text isTruncated } }`,
      )
      .join('\n');
    host.gh.resetRequestCount();
    const res = await ask(`query Blobs { repository(owner: "demo", name: "blog") { ${fields} } }`);
    expect(host.gh.requestCount()).toBe(1);
    expect(host.gh.requestLog()).toEqual([
      { method: 'POST', path: '/api/graphql', status: 200, graphqlOperation: 'Blobs' },
    ]);
    expect(res.body.errors).toBeUndefined();
    const blobs = res.body.data.repository;
    expect(Object.keys(blobs)).toHaveLength(100);
    oids.forEach((oid, index) =>
      expect(blobs[`b${index}`]).toEqual({ oid, text: `# File ${index}\n`, isTruncated: false }),
    );
  });

  it('reads commits, their trees and parents, refs and their pull requests', async () => {
    await git('update-ref', 'refs/heads/cms/posts/one', 'main');
    await host.gh.commitFiles('demo', 'blog', {
      branch: 'cms/posts/one',
      changes: [{ path: 'a.md', content: 'a' }],
      message: 'One\n\nBody',
      author,
    });
    const head = await git('rev-parse', 'cms/posts/one');
    await git('update-ref', 'refs/heads/cms/posts/two', 'main');
    await host.gh.commitFiles('demo', 'blog', {
      branch: 'cms/posts/two',
      changes: [{ path: 'b.md', content: 'b2' }],
      message: 'Two',
      author,
    });
    const pull = await api(host.gh, '/repos/demo/blog/pulls', {
      token,
      method: 'POST',
      body: { title: 'Two', head: 'cms/posts/two', base: 'main' },
    });
    expect(pull.status).toBe(201);
    const res = await ask(`{
      repository(owner: "demo", name: "blog") {
        ref(qualifiedName: "refs/heads/cms/posts/one") {
          name prefix
          associatedPullRequests(first: 1, states: [OPEN]) { totalCount nodes { number } }
          target { ... on Commit { oid message messageHeadline committedDate author { name email } tree { oid } parents(first: 5) { totalCount nodes { oid } } } }
        }
        short: ref(qualifiedName: "main") { name }
        nope: ref(qualifiedName: "refs/heads/nope") { name }
        two: ref(qualifiedName: "cms/posts/two") { associatedPullRequests(first: 5) { totalCount nodes { number state headRefName baseRefName url merged } } }
        page1: refs(refPrefix: "refs/heads/cms/posts/", first: 1) { totalCount pageInfo { hasNextPage endCursor } nodes { name prefix } }
        filtered: refs(refPrefix: "refs/heads/", first: 10, query: "two") { nodes { name } }
      }
    }`);
    expect(res.body.errors).toBeUndefined();
    const repo = res.body.data.repository;
    expect(repo.ref).toMatchObject({
      name: 'cms/posts/one',
      prefix: 'refs/heads/',
      associatedPullRequests: { totalCount: 0, nodes: [] },
    });
    expect(repo.ref.target).toMatchObject({
      oid: head,
      message: 'One\n\nBody',
      messageHeadline: 'One',
      author,
      tree: { oid: await git('rev-parse', 'cms/posts/one^{tree}') },
      parents: { totalCount: 1, nodes: [{ oid: await git('rev-parse', 'cms/posts/one~1') }] },
    });
    expect(repo.ref.target.committedDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(repo.short).toEqual({ name: 'main' });
    expect(repo.nope).toBeNull();
    expect(repo.two.associatedPullRequests).toEqual({
      totalCount: 1,
      nodes: [
        {
          number: pull.body.number,
          state: 'OPEN',
          headRefName: 'cms/posts/two',
          baseRefName: 'main',
          url: `${host.gh.url}/demo/blog/pull/${pull.body.number}`,
          merged: false,
        },
      ],
    });
    expect(repo.page1).toMatchObject({
      totalCount: 2,
      pageInfo: { hasNextPage: true },
      nodes: [{ name: 'one', prefix: 'refs/heads/cms/posts/' }],
    });
    const next = await ask(
      `query Next($after: String) { repository(owner: "demo", name: "blog") { refs(refPrefix: "refs/heads/cms/posts/", first: 1, after: $after) { pageInfo { hasNextPage } nodes { name } } } }`,
      {
        after: repo.page1.pageInfo.endCursor,
      },
    );
    expect(next.body.data.repository.refs).toEqual({
      pageInfo: { hasNextPage: false },
      nodes: [{ name: 'two' }],
    });
    expect(repo.filtered.nodes).toEqual([{ name: 'cms/posts/two' }]);
  });

  it('reports a missing or inaccessible repository as GitHub does: null data and a NOT_FOUND error', async () => {
    for (const name of ['nope', 'not-installed']) {
      const res = await ask(`query {\n  repository(owner: "demo", name: "${name}") { id }\n}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            locations: [{ line: 2, column: 3 }],
            message: `Could not resolve to a Repository with the name 'demo/${name}'.`,
          },
        ],
      });
    }
  });

  it('answers parse and validation errors with 200 and errors only', async () => {
    const syntax = await gql(host.gh, token, '{ repository(owner: "demo" name: "blog") { ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.data).toBeUndefined();
    expect(syntax.body.errors).toHaveLength(1);
    expect(syntax.body.errors[0]).toMatchObject({
      message: expect.stringContaining('Syntax Error'),
      locations: [{ line: 1, column: expect.any(Number) }],
    });
    const unknownField = await gql(
      host.gh,
      token,
      '{ repository(owner: "demo", name: "blog") { stargazerCount } }',
    );
    expect(unknownField.status).toBe(200);
    expect(unknownField.body).toEqual({
      errors: [
        {
          locations: [{ line: 1, column: 45 }],
          message: expect.stringContaining('stargazerCount'),
        },
      ],
    });
    const badOid = await gql(
      host.gh,
      token,
      '{ repository(owner: "demo", name: "blog") { object(oid: "xyz") { id } } }',
    );
    expect(badOid.body.errors[0].message).toContain('GitObjectID');
    const noQuery = await fetch(`${host.gh.url}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}` },
      body: '{}',
    });
    expect(await noQuery.json()).toEqual({
      errors: [{ message: 'A query attribute must be specified and must be a string.' }],
    });
  });

  it('requires first (at most 100) on connections', async () => {
    const missing = await ask(
      '{ repository(owner: "demo", name: "blog") { refs(refPrefix: "refs/heads/") { totalCount } } }',
    );
    expect(missing.body.data.repository.refs).toBeNull();
    expect(missing.body.errors[0]).toMatchObject({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      path: ['repository', 'refs'],
    });
    const tooMany = await ask(
      '{ repository(owner: "demo", name: "blog") { refs(refPrefix: "refs/heads/", first: 101) { totalCount } } }',
    );
    expect(tooMany.body.errors[0]).toMatchObject({
      type: 'EXCESSIVE_PAGINATION',
      message:
        'Requesting 101 records on the `refs` connection exceeds the `first` limit of 100 records.',
    });
  });

  describe('Blob.text limits', () => {
    let small: GitHubLocal;
    let dataDir: string;
    let smallToken: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'github-local-gql-'));
      small = await startGitHubLocal({ dataDir, blobTextLimit: 10 });
      smallToken = small.issueUserToken('demo').access_token;
      await small.commitFiles('demo', 'docs', {
        branch: 'main',
        changes: [
          { path: 'long.md', content: '0123456789abcdef' },
          { path: 'accent.md', content: '012345678é' },
          { path: 'exact.md', content: '0123456789' },
          { path: 'image.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]) },
        ],
        message: 'Files',
        author,
      });
    });
    afterAll(async () => {
      await small.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('truncates text above the limit (never inside a character), and gives null text for binary blobs', async () => {
      const query = `{ repository(owner: "demo", name: "docs") {
        long: object(expression: "HEAD:long.md") { ... on Blob { text isTruncated byteSize isBinary } }
        accent: object(expression: "HEAD:accent.md") { ... on Blob { text isTruncated byteSize } }
        exact: object(expression: "HEAD:exact.md") { ... on Blob { text isTruncated } }
        image: object(expression: "main:image.png") { ... on Blob { text isBinary byteSize } }
      } }`;
      expectValidGitHubQuery(query);
      const res = await gql(small, smallToken, query);
      expect(res.body.data.repository).toEqual({
        long: { text: '0123456789', isTruncated: true, byteSize: 16, isBinary: false },
        accent: { text: '012345678', isTruncated: true, byteSize: 11 },
        exact: { text: '0123456789', isTruncated: false },
        image: { text: null, isBinary: true, byteSize: 7 },
      });
    });
  });
});
