import type { Actor } from '../auth/actor';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isValidCollectionName } from '../content/collection-name';
import { assertItemSlug } from '../content/slug-encoding';
import { setBranchName, parseSetBranch } from '../content/set-branch';
import { absent, onTree, type TreeChange } from '../ports/pull-host';
import type { RepoWrite } from '../repos/repo-request';
import { unreachableRepo } from '../repos/connections';
import { configBlob, configFrom, openRepo, summaryOf, type PullDeps } from './pull-context';
import { setItemOf, setItemsOf } from './set-rules';

export interface CreateSetInput {
  name: string;
  title?: string;
  description?: string;
}

/**
 * Change sets: a named change request on `cms/_sets/{name}` holding edits, creations, renames and
 * deletions of items of any collections (set-rules.ts). Read, diffed, commented, updated, rebased,
 * published and closed through the pulls routes like any draft; these are what only a set has.
 */
export function createSetActions(deps: PullDeps) {
  return {
    /**
     * The set's branch from the default branch's head, one empty commit on it (GitHub opens no
     * pull request for a branch without commits of its own) and its pull request, in progress.
     * Round trips: the read (branch and default head), the branch, the commit, the pull request.
     */
    async create({ userId, login, fullName, input }: RepoWrite<CreateSetInput>) {
      const branch = setBranchName(input.name);
      const opened = await openRepo(deps, { userId, fullName });
      const state = await opened.call((token) =>
        deps.gitHost.snapshot(token, opened.repo, { branches: { set: branch }, headTrees: true }),
      );
      if (!state) throw unreachableRepo(fullName);
      const taken = () =>
        new ConflictError(
          `A change set named ${input.name} exists already (${branch}); choose another name, or publish or close it first`,
        );
      if (state.branches.set) throw taken();
      const from = state.defaultBranchOid;
      if (!from) throw new ConflictError('The default branch has no commits yet');
      const created = await opened.call((token) =>
        deps.pullHost.createBranch(token, opened.repo, branch, from),
      );
      if (!created) throw taken();
      await opened.call((token) =>
        deps.pullHost.commitTree(token, opened.repo, {
          branch,
          parents: [from],
          ...onTree(state.defaultBranchTree),
          changes: [],
          message: `Start change set ${input.name}\n\nStarted in the CMS by @${login}.`,
          force: false,
        }),
      );
      const pull = await opened.call((token) =>
        deps.pullHost.createPull(token, opened.repo, {
          head: branch,
          base: state.defaultBranch,
          title: input.title?.trim() || input.name,
          body: input.description ?? '',
          draft: true,
        }),
      );
      return { name: input.name, branch, number: pull.number, htmlUrl: pull.htmlUrl };
    },

    /**
     * Open change sets with the items each holds: one round trip (the open pull requests with
     * their files, and the config). Those from a fork or into another branch are never listed.
     */
    async list(userId: string, fullName: string) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await opened.call((token) =>
        deps.pullHost.listOpenPulls(token, opened.repo, configBlob, { files: true }),
      );
      if (!view) throw unreachableRepo(fullName);
      const config = configFrom(view.blobs.config, opened.connection.config);
      return view.pulls.flatMap((pull) => {
        const set = parseSetBranch(pull.headRef);
        if (set === undefined || pull.crossRepository || pull.baseRef !== view.defaultBranch)
          return [];
        return [{ ...summaryOf(pull, config), set, items: setItemsOf(pull, config) }];
      });
    },

    /**
     * Takes an item out of a set: each of its files the set changes (both paths of a rename) goes
     * back to the version of the set's merge base with the default branch, by blob and mode, or
     * away when the merge base has none, in one commit guarded by the set's head. Round trips: the
     * branch, the comparison, the merge base's files, the commit.
     */
    async removeItem({
      userId,
      login,
      fullName,
      name,
      collection,
      slug,
    }: Actor & {
      userId: string;
      fullName: string;
      name: string;
      collection: string;
      slug: string;
    }) {
      const branch = setBranchName(name);
      if (!isValidCollectionName(collection))
        throw new InvalidInputError('collection: not a valid collection name');
      assertItemSlug(slug);
      const opened = await openRepo(deps, { userId, fullName });
      const state = await opened.call((token) =>
        deps.gitHost.snapshot(token, opened.repo, { blobs: configBlob, branches: { set: branch } }),
      );
      if (!state) throw unreachableRepo(fullName);
      const head = state.branches.set;
      if (!head || !state.defaultBranchOid)
        throw new NotFoundError(`No change set ${name} in ${fullName}`);
      const config = configFrom(state.blobs.config, opened.connection.config);
      const comparison = await opened.call((token) =>
        deps.pullHost.compare(token, opened.repo, state.defaultBranchOid!, head.oid),
      );
      const isItem = (path: string | undefined) => {
        const item = path === undefined ? undefined : setItemOf(config, path);
        return item?.collection === collection && item.slug === slug;
      };
      const paths = [
        ...new Set(
          comparison.files.flatMap((file) =>
            [file.path, file.previousPath].filter(
              (path): path is string => path !== undefined && isItem(path),
            ),
          ),
        ),
      ];
      if (paths.length === 0)
        throw new NotFoundError(`${collection}/${slug} is not in change set ${name}`);
      const wanted = Object.fromEntries(
        paths.map((path, n) => [`f${n}`, { path, ref: comparison.mergeBase }]),
      );
      const reads = await opened.call((token) =>
        deps.pullHost.readTexts(token, opened.repo, wanted, { modes: true }),
      );
      const changes: TreeChange[] = paths.map((path, n) => {
        const base = reads[`f${n}`] ?? absent;
        return base.kind === 'absent'
          ? { path, content: null }
          : { path, oid: base.oid, mode: base.mode ?? '100644' };
      });
      await opened.call((token) =>
        deps.pullHost.commitTree(token, opened.repo, {
          branch,
          parents: [head.oid],
          changes,
          message: `Remove ${collection}/${slug} from change set ${name}\n\nRemoved in the CMS by @${login}.`,
          force: false,
        }),
      );
      return { ok: true as const, paths };
    },
  };
}

export type SetActions = ReturnType<typeof createSetActions>;
