import { describe, expect, it } from 'vitest';
import { SEED_INSTALLATION_ID } from '../src/seed';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, freshRepo } from './collaboration-helpers';
import { api, graphqlAs, signAppJwt, useSignedInHost } from './helpers';

const PULLS = '/repos/{owner}/{repo}/pulls';
const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';
const MERGE = '/repos/{owner}/{repo}/pulls/{pull_number}/merge';

const READ = `query Draft($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) { id isDraft number } }
}`;
const READY = `mutation Ready($id: ID!) {
  markPullRequestReadyForReview(input: { pullRequestId: $id, clientMutationId: "r1" }) { clientMutationId pullRequest { id isDraft number } }
}`;
const TO_DRAFT = `mutation ToDraft($id: ID!) {
  convertPullRequestToDraft(input: { pullRequestId: $id }) { clientMutationId pullRequest { isDraft number } }
}`;

describe('draft pull requests', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  const gql = (query: string, variables: Record<string, unknown>, token = tokens.demo!) =>
    graphqlAs(host.gh, token, query, variables);

  async function draftPull(repo: string, collaborators: Record<string, 'read' | 'write'> = {}) {
    await freshRepo(host.gh, repo, { 'README.md': '# Site\n' }, collaborators);
    await branchWith(host.gh, 'demo', repo, 'cms/posts/a', { 'content/posts/a.md': 'A\n' });
    const created = await call(`/repos/demo/${repo}/pulls`, {
      method: 'POST',
      body: { title: 'A', head: 'cms/posts/a', base: 'main', draft: true },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', PULLS, 201, created.body);
    return created.body as { number: number; node_id: string; draft: boolean };
  }

  it('opens a draft over REST and reports `draft` in REST and `isDraft`/`id` in GraphQL', async () => {
    const created = await draftPull('draft-site');
    expect(created.draft).toBe(true);
    const read = await call('/repos/demo/draft-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, read.body);
    expect(read.body.draft).toBe(true);
    const listed = await call('/repos/demo/draft-site/pulls');
    expect(listed.body.map((pull: { draft: boolean }) => pull.draft)).toEqual([true]);
    const graph = await gql(READ, { owner: 'demo', name: 'draft-site', number: 1 });
    expect(graph.data.repository.pullRequest).toEqual({
      id: created.node_id,
      isDraft: true,
      number: 1,
    });

    await branchWith(host.gh, 'demo', 'draft-site', 'cms/posts/b', { 'content/posts/b.md': 'B\n' });
    const ready = await call('/repos/demo/draft-site/pulls', {
      method: 'POST',
      body: { title: 'B', head: 'cms/posts/b', base: 'main' },
    });
    expect(ready.body.draft).toBe(false);
    const invalid = await call('/repos/demo/draft-site/pulls', {
      method: 'POST',
      body: { title: 'B', head: 'cms/posts/b', base: 'main', draft: 'yes' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([
      { resource: 'PullRequest', field: 'draft', code: 'invalid' },
    ]);
  });

  it('marks a draft ready for review and converts it back, idempotently', async () => {
    const created = await draftPull('ready-site');
    const ready = await gql(READY, { id: created.node_id });
    expect(ready).toEqual({
      data: {
        markPullRequestReadyForReview: {
          clientMutationId: 'r1',
          pullRequest: { id: created.node_id, isDraft: false, number: 1 },
        },
      },
    });
    expect((await call('/repos/demo/ready-site/pulls/1')).body.draft).toBe(false);
    expect(
      (await gql(READY, { id: created.node_id })).data.markPullRequestReadyForReview.pullRequest
        .isDraft,
    ).toBe(false);
    const back = await gql(TO_DRAFT, { id: created.node_id });
    expect(back).toEqual({
      data: {
        convertPullRequestToDraft: {
          clientMutationId: null,
          pullRequest: { isDraft: true, number: 1 },
        },
      },
    });
    expect((await call('/repos/demo/ready-site/pulls/1')).body.draft).toBe(true);
  });

  it('refuses to merge a draft (405, as GitHub), and merges it once it is ready for review', async () => {
    const created = await draftPull('merge-draft-site');
    const refused = await call('/repos/demo/merge-draft-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(refused.status).toBe(405);
    expectGitHubResponse('PUT', MERGE, 405, refused.body);
    expect(refused.body.message).toBe('Pull Request is still a draft');
    expect((await call('/repos/demo/merge-draft-site/pulls/1')).body).toMatchObject({
      state: 'open',
      merged: false,
    });
    await gql(READY, { id: created.node_id });
    const merged = await call('/repos/demo/merge-draft-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(merged.status).toBe(200);
  });

  it('checks access like the other writes: unknown node, no access, read-only, closed', async () => {
    const created = await draftPull('access-draft-site', { alice: 'read' });
    const unknown = await gql(READY, { id: 'MDExOlB1bGxSZXF1ZXN0OTk5OTk=' });
    expect(unknown.errors).toEqual([
      expect.objectContaining({ type: 'NOT_FOUND', path: ['markPullRequestReadyForReview'] }),
    ]);
    expect(unknown.data).toEqual({ markPullRequestReadyForReview: null });
    const outsider = await gql(READY, { id: created.node_id }, tokens.bob);
    expect(outsider.errors[0]).toMatchObject({
      type: 'NOT_FOUND',
      message: `Could not resolve to a node with the global id of '${created.node_id}'`,
    });
    const reader = await gql(READY, { id: created.node_id }, tokens.alice);
    expect(reader.errors[0]).toMatchObject({ type: 'FORBIDDEN' });
    expect((await call('/repos/demo/access-draft-site/pulls/1')).body.draft).toBe(true);

    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId, {}, host.clock.now());
    const installation = await api(
      host.gh,
      `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
      { token: jwt, method: 'POST' },
    );
    const bot = await gql(READY, { id: created.node_id }, installation.body.token as string);
    expect(bot.data.markPullRequestReadyForReview.pullRequest.isDraft).toBe(false);

    await call('/repos/demo/access-draft-site/pulls/1', {
      method: 'PATCH',
      body: { state: 'closed' },
    });
    const closed = await gql(TO_DRAFT, { id: created.node_id });
    expect(closed.errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Pull request is closed',
    });
  });
});
