import { describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { branchWith, commitOn, freshRepo, headOf } from './collaboration-helpers';
import { graphqlAs, useSignedInHost } from './helpers';

const UPDATE_REFS = `mutation UpdateRefs($input: UpdateRefsInput!) {
  updateRefs(input: $input) { clientMutationId }
}`;
const REPOSITORY_ID = `query Id($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }`;
const ZERO = '0'.repeat(40);

describe('GraphQL updateRefs', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  const gql = (query: string, variables: Record<string, unknown>, token = tokens.demo!) =>
    graphqlAs(host.gh, token, query, variables);

  const branches = async (repo: string) =>
    (
      await runGit(host.gh.gitDir('demo', repo), [
        'for-each-ref',
        '--format=%(refname:short) %(objectname)',
        'refs/heads/',
      ])
    )
      .trim()
      .split('\n')
      .sort();

  async function repoWithDrafts(name: string) {
    await freshRepo(host.gh, name, { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
    const a = await branchWith(host.gh, 'demo', name, 'cms/posts/a', { 'a.md': 'A\n' });
    const b = await branchWith(host.gh, 'demo', name, 'cms/posts/b', { 'b.md': 'B\n' });
    const id = (await gql(REPOSITORY_ID, { owner: 'demo', name })).data.repository.id as string;
    return { id, a, b, main: await headOf(host.gh, 'demo', name, 'main') };
  }

  it('deletes a branch that still holds beforeOid, and closes the pull request it was the head of', async () => {
    const { id, a } = await repoWithDrafts('refs-delete');
    const opened = await call('/repos/demo/refs-delete/pulls', {
      method: 'POST',
      body: { title: 'A', head: 'cms/posts/a', base: 'main' },
    });
    expect(opened.status).toBe(201);

    const answer = await gql(
      UPDATE_REFS,
      {
        input: {
          repositoryId: id,
          clientMutationId: 'c1',
          refUpdates: [
            { name: 'refs/heads/cms/posts/a', beforeOid: a, afterOid: ZERO, force: true },
          ],
        },
      },
      tokens.alice,
    );

    expect(answer).toEqual({ data: { updateRefs: { clientMutationId: 'c1' } } });
    expect((await branches('refs-delete')).map((line) => line.split(' ')[0])).toEqual([
      'cms/posts/b',
      'main',
    ]);
    expect((await call(`/repos/demo/refs-delete/pulls/${opened.body.number}`)).body).toMatchObject({
      state: 'closed',
      merged: false,
    });
  });

  it('refuses every update when one ref no longer holds its beforeOid, and moves nothing', async () => {
    const { id, a, b, main } = await repoWithDrafts('refs-stale');
    const moved = await commitOn(host.gh, 'demo', 'refs-stale', 'cms/posts/a', {
      'a.md': 'A, saved again\n',
    });
    const before = await branches('refs-stale');

    const answer = await gql(UPDATE_REFS, {
      input: {
        repositoryId: id,
        refUpdates: [
          { name: 'refs/heads/cms/posts/b', beforeOid: b, afterOid: ZERO, force: true },
          { name: 'refs/heads/cms/posts/a', beforeOid: a, afterOid: ZERO, force: true },
        ],
      },
    });

    expect(answer.data).toEqual({ updateRefs: null });
    expect(answer.errors).toEqual([
      expect.objectContaining({
        type: 'UNPROCESSABLE',
        path: ['updateRefs'],
        message: expect.stringContaining('refs/heads/cms/posts/a'),
      }),
    ]);
    expect(await branches('refs-stale')).toEqual(before);
    expect(before).toEqual([`cms/posts/a ${moved}`, `cms/posts/b ${b}`, `main ${main}`]);
  });

  it('creates a ref only where none is (a zero beforeOid), and moves a branch only forward unless forced', async () => {
    const { id, a, main } = await repoWithDrafts('refs-move');
    const create = (beforeOid: string) =>
      gql(UPDATE_REFS, {
        input: {
          repositoryId: id,
          refUpdates: [{ name: 'refs/heads/cms/posts/c', beforeOid, afterOid: main }],
        },
      });
    expect((await create(ZERO)).data).toEqual({ updateRefs: { clientMutationId: null } });
    expect((await create(ZERO)).errors[0]).toMatchObject({ type: 'UNPROCESSABLE' });

    const back = (force: boolean) =>
      gql(UPDATE_REFS, {
        input: {
          repositoryId: id,
          refUpdates: [{ name: 'refs/heads/cms/posts/a', beforeOid: a, afterOid: main, force }],
        },
      });
    expect((await back(false)).errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringContaining('not a fast forward'),
    });
    expect(await headOf(host.gh, 'demo', 'refs-move', 'cms/posts/a')).toBe(a);
    expect((await back(true)).data).toEqual({ updateRefs: { clientMutationId: null } });
    expect(await headOf(host.gh, 'demo', 'refs-move', 'cms/posts/a')).toBe(main);
  });

  it('answers NOT_FOUND to someone who cannot see the repository and FORBIDDEN to a reader', async () => {
    const { id, a } = await repoWithDrafts('refs-access');
    const input = {
      repositoryId: id,
      refUpdates: [{ name: 'refs/heads/cms/posts/a', beforeOid: a, afterOid: ZERO, force: true }],
    };
    await freshRepo(host.gh, 'refs-private');
    const hidden = (await gql(REPOSITORY_ID, { owner: 'demo', name: 'refs-private' })).data
      .repository.id as string;

    expect((await gql(UPDATE_REFS, { input }, tokens.bob)).errors[0]).toMatchObject({
      type: 'FORBIDDEN',
    });
    expect(
      (await gql(UPDATE_REFS, { input: { ...input, repositoryId: hidden } }, tokens.bob)).errors[0],
    ).toMatchObject({ type: 'NOT_FOUND' });
    expect(await headOf(host.gh, 'demo', 'refs-access', 'cms/posts/a')).toBe(a);
  });
});
