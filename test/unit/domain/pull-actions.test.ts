import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  ConflictBodyError,
  ConflictError,
  NotFoundError,
} from '../../../shared/errors';
import { createPullActions } from '../../../shared/pulls/pull-actions';
import type { FileChange } from '../../fakes/memory-git';
import { createWorld, forbidNetwork, siteConfig, type World } from './world';

const post = (title: string, date = '2025-01-31', body = 'Body.\n') =>
  `---\ntitle: ${title}\ndate: ${date}\n---\n${body}`;
const path = 'content/posts/hello.md';
const draft = 'cms/posts/hello';

/** The thrown error's 409 body, for ConflictBodyError. */
const bodyOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConflictBodyError);
  return (error as ConflictBodyError).body;
};

describe('pull actions (fakes)', () => {
  let world: World;
  let actions: ReturnType<typeof createPullActions>;

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    world = await createWorld({
      files: [
        { path, content: post('Hello') },
        { path: 'content/posts/old.md', content: post('Old') },
        { path: 'content/posts/gone.md', content: post('Gone') },
      ],
    });
    actions = createPullActions(world);
  });

  /** A draft of hello.md with its pull request open. */
  const openDraft = async (changes: FileChange[] = [{ path, content: post('Hello, drafted') }]) => {
    world.push(changes, draft);
    const { number } = await actions.create({
      userId: world.userId,
      fullName: world.fullName,
      input: {
        branch: draft,
        title: '  Hello  ',
      },
    });
    world.resetCalls();
    return number;
  };
  const pullOf = async (number: number) =>
    (await world.pullHost.getPull(world.token, world.repo, number))!.pull;

  describe('create', () => {
    it('opens a pull request for an existing CMS branch, with its preview', async () => {
      world.push([
        {
          path: 'cms.config.json',
          content: JSON.stringify({ ...siteConfig, preview: { pagesProject: 'site' } }),
        },
      ]);
      world.push([{ path, content: post('Hello, drafted') }], draft);
      const created = await actions.create({
        userId: world.userId,
        fullName: world.fullName,
        input: {
          branch: draft,
          title: '  Hello  ',
        },
      });
      expect(created).toMatchObject({
        number: 1,
        previewUrl: 'https://cms-posts-hello.site.pages.dev',
      });
      expect(await pullOf(1)).toMatchObject({
        title: 'Hello',
        headRef: draft,
        baseRef: 'main',
        state: 'open',
      });
    });

    it('refuses a branch that is not a CMS branch before any call, and a missing one with 404', async () => {
      await expect(
        actions.create({
          userId: world.userId,
          fullName: world.fullName,
          input: { branch: 'feature/x', title: 'X' },
        }),
      ).rejects.toBeInstanceOf(InvalidInputError);
      expect(world.calls()).toEqual({});
      await expect(
        actions.create({
          userId: world.userId,
          fullName: world.fullName,
          input: { branch: 'cms/posts/missing', title: 'X' },
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('close, merge and comment', () => {
    it('closes and deletes the branch; a repeat only finishes the clean-up', async () => {
      const number = await openDraft();
      await actions.close({ userId: world.userId, fullName: world.fullName, number });
      expect(await pullOf(number)).toMatchObject({ state: 'closed', merged: false });
      expect(world.head(draft)).toBeNull();
      await actions.close({ userId: world.userId, fullName: world.fullName, number });
      expect(world.calls().closePull).toBe(1);
    });

    it('squash-merges at the head it read, then deletes the branch', async () => {
      const number = await openDraft();
      const result = await actions.merge({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        number,
      });
      expect(result).toEqual({ merged: true, sha: world.head() });
      expect(world.fileAt(path)).toBe(post('Hello, drafted'));
      expect(world.head(draft)).toBeNull();
      expect(
        await bodyOf(
          actions.merge({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
        ),
      ).toEqual({
        merged: false,
        reason: 'already-merged',
        error: expect.stringContaining(`#${number} is already merged`),
      });
    });

    it('answers already-merged, not conflicts, to a publish that another publish overtook', async () => {
      const number = await openDraft();
      // The other publish lands between this one's read of the pull request and its merge.
      const overtaken = createPullActions({
        ...world,
        pullHost: {
          ...world.pullHost,
          squashMerge: async (token, repo, n, input) => (
            await actions.merge({
              userId: world.userId,
              login: 'demo',
              fullName: world.fullName,
              number: n,
            }),
            world.pullHost.squashMerge(token, repo, n, input)
          ),
        },
      });
      expect(
        await bodyOf(
          overtaken.merge({
            userId: world.userId,
            login: 'demo',
            fullName: world.fullName,
            number,
          }),
        ),
      ).toEqual({
        merged: false,
        reason: 'already-merged',
        error: expect.stringContaining('already merged'),
      });
      expect(world.fileAt(path)).toBe(post('Hello, drafted'));
    });

    it('keeps the branch of a save that landed after the merge, carries it onto what was published, opens a draft pull request for it and says so', async () => {
      const number = await openDraft();
      let later = '';
      const raced = createPullActions({
        ...world,
        pullHost: {
          ...world.pullHost,
          squashMerge: async (token, repo, n, input) => {
            const outcome = await world.pullHost.squashMerge(token, repo, n, input);
            later = world.push([{ path, content: post('Hello, saved during the publish') }], draft);
            return outcome;
          },
        },
      });

      const result = await raced.merge({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        number,
      });

      const carried = world.head(draft)!;
      expect(result).toEqual({
        merged: true,
        sha: world.head(),
        keptBranch: {
          branch: draft,
          headSha: carried,
          number: number + 1,
          message: expect.stringContaining(`#${number + 1}`),
        },
      });
      expect(world.fileAt(path)).toBe(post('Hello, drafted'));
      // The later save, on top of what was published: its pull request shows only that save and merges cleanly.
      expect(world.provider.objects.commits.get(carried)!.parents).toEqual([later, world.head()]);
      expect(world.fileAt(path, draft)).toBe(post('Hello, saved during the publish'));
      expect(await pullOf(number + 1)).toMatchObject({
        state: 'open',
        draft: true,
        headRef: draft,
        headSha: carried,
        title: 'Hello',
        mergeable: true,
      });
      expect(
        await actions.merge({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number: number + 1,
        }),
      ).toMatchObject({
        merged: true,
      });
      expect(world.fileAt(path)).toBe(post('Hello, saved during the publish'));
    });

    it('keeps the branch of a save that landed while the draft was closed', async () => {
      const number = await openDraft();
      let later = '';
      const raced = createPullActions({
        ...world,
        pullHost: {
          ...world.pullHost,
          closePull: async (token, repo, n) => {
            await world.pullHost.closePull(token, repo, n);
            later = world.push([{ path, content: post('Hello, saved during the close') }], draft);
          },
        },
      });

      const result = await raced.close({ userId: world.userId, fullName: world.fullName, number });

      expect(result).toEqual({
        ok: true,
        keptBranch: {
          branch: draft,
          headSha: later,
          number: number + 1,
          message: expect.any(String),
        },
      });
      expect(world.head(draft)).toBe(later);
      expect(await pullOf(number)).toMatchObject({ state: 'closed', merged: false });
    });

    it('answers 409 with a reason code and the words in error when the head moved, the sides conflict or the pull request is closed', async () => {
      const number = await openDraft();
      const racing = createPullActions({
        ...world,
        pullHost: {
          ...world.pullHost,
          squashMerge: (token, repo, n, input) => (
            world.push([{ path, content: post('Hello, raced') }], draft),
            world.pullHost.squashMerge(token, repo, n, input)
          ),
        },
      });
      expect(
        await bodyOf(
          racing.merge({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
        ),
      ).toEqual({
        merged: false,
        reason: 'head-moved',
        error: expect.stringMatching(/changed since it was read/),
      });
      world.push([{ path, content: post('Hello, on main') }]);
      expect(
        await bodyOf(
          actions.merge({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
        ),
      ).toEqual({
        merged: false,
        reason: 'conflicts',
        error: expect.stringMatching(/conflict/),
      });
      await world.pullHost.closePull(world.token, world.repo, number);
      expect(
        await bodyOf(
          actions.merge({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
        ),
      ).toEqual({
        merged: false,
        reason: 'closed',
        error: 'The pull request is closed',
      });
      expect(world.head(draft)).not.toBeNull();
    });

    it('keeps a merge that succeeded when the branch fails to go', async () => {
      const number = await openDraft();
      const flaky = createPullActions({
        ...world,
        pullHost: {
          ...world.pullHost,
          deleteBranch: () => Promise.reject(new Error('provider down')),
        },
      });
      expect(
        await flaky.merge({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number,
        }),
      ).toMatchObject({
        merged: true,
      });
    });

    it('comments on a draft; a pull request that is not a draft is out of reach (404)', async () => {
      const number = await openDraft();
      expect(
        await actions.comment({
          userId: world.userId,
          fullName: world.fullName,
          number,
          body: 'Nice',
        }),
      ).toMatchObject({
        body: 'Nice',
        author: 'demo',
      });
      world.push([{ path: 'code.ts', content: 'x' }], 'feature/x');
      const other = await world.pullHost.createPull(world.token, world.repo, {
        head: 'feature/x',
        base: 'main',
        title: 'Code',
        body: '',
      });
      await expect(
        actions.comment({
          userId: world.userId,
          fullName: world.fullName,
          number: other.number,
          body: 'x',
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        actions.merge({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number: other.number,
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        actions.close({ userId: world.userId, fullName: world.fullName, number: other.number }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(await pullOf(other.number)).toMatchObject({ state: 'open' });
    });
  });

  describe('update from the default branch', () => {
    it('does nothing when the draft is up to date, and merges when git can', async () => {
      const number = await openDraft();
      const head = world.head(draft);
      expect(
        await actions.update({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number,
        }),
      ).toEqual({
        ok: true,
      });
      expect(world.head(draft)).toBe(head);
      world.push([{ path: 'content/posts/other.md', content: post('Other') }]);
      expect(
        await actions.update({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number,
        }),
      ).toEqual({
        ok: true,
      });
      expect(world.fileAt('content/posts/other.md', draft)).toBe(post('Other'));
      expect(world.calls().commitTree).toBeUndefined();
    });

    it('merges field by field when git conflicts on adjacent lines, as a merge commit on the draft', async () => {
      const number = await openDraft([{ path, content: post('Hello, drafted') }]);
      const head = world.head(draft)!;
      const main = world.push([{ path, content: post('Hello', '2025-02-01') }]);
      expect(
        await actions.update({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number,
        }),
      ).toEqual({
        ok: true,
      });
      expect(world.fileAt(path, draft)).toBe(post('Hello, drafted', '2025-02-01'));
      expect(world.provider.objects.commits.get(world.head(draft)!)!.parents).toEqual([head, main]);
      // readTexts: the draft check's read of the kept item at the head (its mode), then the three sides.
      expect(world.calls()).toMatchObject({
        mergeBranch: 1,
        compare: 1,
        readTexts: 2,
        commitTree: 1,
      });
    });

    it('answers 409 naming the fields both sides changed, moving nothing', async () => {
      const number = await openDraft();
      const head = world.head(draft);
      world.push([{ path, content: post('Hello, on main', '2025-02-01') }]);
      expect(
        await bodyOf(
          actions.update({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
        ),
      ).toEqual({
        ok: false,
        reason: 'conflicts',
        fields: ['title'],
      });
      expect(world.head(draft)).toBe(head);
    });
  });

  describe('rebase', () => {
    it("recreates the draft on main's head with the draft's change to its item", async () => {
      const number = await openDraft([{ path, content: post('Hello, drafted') }]);
      const main = world.push([{ path: 'content/posts/later.md', content: post('Later') }]);
      expect(
        await actions.rebase({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number,
        }),
      ).toEqual({
        ok: true,
      });
      const head = world.head(draft)!;
      expect(world.provider.objects.commits.get(head)!.parents).toEqual([main]);
      expect([world.fileAt(path, draft), world.fileAt('content/posts/later.md', draft)]).toEqual([
        post('Hello, drafted'),
        post('Later'),
      ]);
    });

    it('refuses (409 foreign-files) a draft that changes files other than its item, moving nothing', async () => {
      const number = await openDraft([
        { path, content: post('Hello, drafted') },
        { path: 'content/posts/added.md', content: post('Added') },
      ]);
      const head = world.head(draft);
      world.push([{ path: 'content/posts/later.md', content: post('Later') }]);
      const refused = await actions
        .rebase({ userId: world.userId, login: 'demo', fullName: world.fullName, number })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as ConflictError).details).toEqual({ reason: 'foreign-files' });
      expect(world.head(draft)).toBe(head);
    });

    it('refuses a pull request that is not a draft (400) or not open (409)', async () => {
      world.push([{ path: 'code.ts', content: 'x' }], 'feature/x');
      const other = await world.pullHost.createPull(world.token, world.repo, {
        head: 'feature/x',
        base: 'main',
        title: 'Code',
        body: '',
      });
      await expect(
        actions.rebase({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          number: other.number,
        }),
      ).rejects.toBeInstanceOf(InvalidInputError);
      const number = await openDraft();
      await world.pullHost.closePull(world.token, world.repo, number);
      await expect(
        actions.rebase({ userId: world.userId, login: 'demo', fullName: world.fullName, number }),
      ).rejects.toBeInstanceOf(ConflictError);
    });
  });
});
