import { InvalidArgumentError } from 'commander';
import type { ItemVersion } from '../../shared/history/history-schemas';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortSha, shortTime, table } from '../lib/table';

const pageSize = (value: string) => {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new InvalidArgumentError('expected an integer from 1 to 100');
  return limit;
};

/** Who made a version: the GitHub login, or the name the commit gives; the CMS user behind the commit when it differs. */
function who(version: ItemVersion): string {
  const author = version.author.login ?? version.author.name ?? '?';
  return version.cms && version.cms.by !== version.author.login
    ? `${author} (for ${version.cms.by})`
    : author;
}

const summary = (version: ItemVersion) =>
  `${version.message.split('\n', 1)[0] ?? ''}${version.changeRequest ? ` [#${version.changeRequest.number}]` : ''}`;

/**
 * `cms content log`: the versions of an item, newest first, one page (`--limit`, 30 by default)
 * or with `--all` every page; renames are followed, and a version under an earlier slug says so.
 */
export const contentLogCommand = (io: Io) =>
  leaf('log', "List an item's versions, newest first: who changed it, when and why")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', "the item's slug")
    .option('--limit <n>', 'versions per page, 1 to 100 (default 30)', pageSize)
    .option('--all', 'every version, page after page')
    .option('--branch <branch>', "the item's history on this branch")
    .action(
      run<[string, string, string], { limit?: number; all?: boolean; branch?: string }>(
        io,
        async (context, [repo, collection, slug], options) => {
          const api = await context.api();
          const versions: ItemVersion[] = [];
          let cursor: string | undefined;
          do {
            const page = await context.spin(
              'Loading…',
              api.call('getContentHistory', {
                params: { repo, collection, slug },
                query: { limit: options.limit, cursor, branch: options.branch },
              }),
            );
            versions.push(...page.versions);
            cursor = page.next ?? undefined;
          } while (options.all && cursor !== undefined);
          if (!context.json && cursor !== undefined)
            context.note('Older versions: cms content log --all');
          context.print(versions, () =>
            table(
              ['VERSION', 'DATE', 'AUTHOR', 'SLUG', 'MESSAGE'],
              versions.map((version) => [
                shortSha(version.sha),
                shortTime(version.date),
                who(version),
                version.slug,
                summary(version),
              ]),
            ),
          );
        },
      ),
    );

/**
 * `cms content restore`: the item's file as it was in a version, as one new commit (or a draft,
 * in collections reviewed before publishing); a version equal to the current file commits nothing.
 */
export const contentRestoreCommand = (io: Io) =>
  leaf('restore', 'Restore an earlier version of an item as a new commit (or a draft)')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', "the item's slug")
    .argument('<version>', 'the full commit sha of the version (from cms content log --json)')
    .option(
      '--sha <sha>',
      'refuse (exit 3) unless the item is still at this blob sha; default: its current sha',
    )
    .option('--draft', 'restore onto the draft branch cms/<collection>/<slug>')
    .option('--direct', 'commit straight to the default branch')
    .option('-m, --message <message>', 'the commit message')
    .action(
      run<
        [string, string, string, string],
        { sha?: string; draft?: boolean; direct?: boolean; message?: string }
      >(io, async (context, [repo, collection, slug, version], options) => {
        if (options.draft && options.direct)
          throw new InvalidArgumentError('--draft and --direct exclude each other');
        const api = await context.api();
        const params = { repo, collection, slug };
        let sha = options.sha;
        if (sha === undefined) {
          const current = await context.spin(
            'Loading…',
            api.call('getContent', { params }).catch((error: unknown) => {
              if ((error as { status?: number }).status === 404) return undefined;
              throw error;
            }),
          );
          sha = current?.sha;
        }
        const mode = options.draft ? 'branch' : options.direct ? 'direct' : undefined;
        const restored = await context.spin(
          'Restoring…',
          api.call('restoreContentVersion', {
            params,
            body: {
              version,
              ...(sha !== undefined && { sha }),
              ...(mode && { mode }),
              ...(options.message !== undefined && { message: options.message }),
            },
          }),
        );
        context.print(restored, () =>
          restored.unchanged
            ? `${restored.path} is already as in ${shortSha(version)}: nothing to commit\n`
            : `Restored ${restored.path} to ${shortSha(version)}${restored.branch ? ` on ${restored.branch}${restored.protectedBranch ? ' (the default branch is protected)' : ''}` : ''}\n`,
        );
      }),
    );
