import { Option } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';

interface MoveOptions {
  sha?: string;
  draft?: boolean;
  changeSet?: string;
  title?: string;
}

/**
 * `cms content mv` and `cms content cp`: the same file at a new slug (moved or copied byte for
 * byte), with one commit on the default branch, with --draft on the new slug's draft branch and
 * its pull request opened, or with --change-set on a change set's branch (the set's copy).
 */
function moveCommand(io: Io, kind: 'mv' | 'cp') {
  const moving = kind === 'mv';
  const command = leaf(
    kind,
    moving
      ? "Rename an item: the same file at a new slug, in one commit (or with --draft on the new slug's draft branch, for review)"
      : "Duplicate an item: a byte-for-byte copy at a new slug, in one commit (or with --draft as a new item's draft, for review)",
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', "the item's slug")
    .argument('<to>', 'the new slug (lowercase a-z, 0-9, ".", "_", "-")');
  if (moving)
    command.option(
      '--sha <sha>',
      'refuse (exit 3) unless the item is still at this sha; default: its current sha (in the change set, with --change-set)',
    );
  return command
    .option(
      '--draft',
      'make the change on the draft branch cms/<collection>/<to> and open its pull request (required by collections locked to reviews)',
    )
    .addOption(
      new Option(
        '--change-set <name>',
        `${moving ? 'rename the item' : 'copy the item, as the set has it,'} in the change set <name> (cms sets create), on its branch cms/_sets/<name>`,
      ).conflicts('draft'),
    )
    .option(
      '--title <title>',
      `title of the pull request --draft opens (default: "${moving ? 'Rename' : 'Duplicate'} <collection>/<slug> to <to>")`,
    )
    .action(
      run<[string, string, string, string], MoveOptions>(
        io,
        async (context, [repo, collection, slug, to], options) => {
          const api = await context.api();
          const params = { repo, collection, slug };
          const { changeSet } = options;
          const target =
            changeSet !== undefined
              ? { set: changeSet }
              : { mode: options.draft ? ('branch' as const) : ('direct' as const) };
          // In a set, the item is the set's copy (main's until the set changes it).
          const query = changeSet === undefined ? {} : { branch: `cms/_sets/${changeSet}` };
          const done = moving
            ? await context.spin(
                'Renaming…',
                api.call('renameContent', {
                  params,
                  body: {
                    to,
                    sha: options.sha ?? (await api.call('getContent', { params, query })).sha,
                    ...target,
                  },
                }),
              )
            : await context.spin(
                'Duplicating…',
                api.call('duplicateContent', { params, body: { to, ...target } }),
              );
          const verb = moving ? 'Renamed' : 'Duplicated';
          if (changeSet !== undefined) {
            context.print(
              {
                ok: true,
                repo,
                collection,
                slug,
                to,
                path: done.path,
                sha: done.sha,
                set: changeSet,
              },
              () =>
                `${verb} ${collection}/${slug} to ${collection}/${to} in change set ${changeSet}; publish it with cms drafts merge\n`,
            );
            return;
          }
          if (!done.branch) {
            context.print(
              { ok: true, repo, collection, slug, to, path: done.path, sha: done.sha },
              () => `${verb} ${collection}/${slug} to ${collection}/${to} in ${repo}\n`,
            );
            return;
          }
          const title =
            options.title ?? `${moving ? 'Rename' : 'Duplicate'} ${collection}/${slug} to ${to}`;
          const pull = await api.call('createPull', {
            params: { repo },
            body: { branch: done.branch, title },
          });
          context.print(
            {
              ok: true,
              repo,
              collection,
              slug,
              to,
              path: done.path,
              sha: done.sha,
              branch: done.branch,
              prNumber: pull.number,
            },
            () =>
              `${verb} ${collection}/${slug} to ${collection}/${to} on ${done.branch}\nOpened pull request #${pull.number}: ${pull.htmlUrl}\n`,
          );
        },
      ),
    );
}

export const contentMvCommand = (io: Io) => moveCommand(io, 'mv');
export const contentCpCommand = (io: Io) => moveCommand(io, 'cp');
