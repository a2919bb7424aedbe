import { Command } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';

/**
 * `cms sets`: change sets, several items of any collections in one review, published together.
 * A set's pull request is read, diffed, updated and published with `cms drafts` and its number.
 */
const setsLs = (io: Io) =>
  leaf('ls', 'List the open change sets and the items each holds')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .action(
      run<[string]>(io, async (context, [repo]) => {
        const api = await context.api();
        const sets = await context.spin('Loading…', api.call('listSets', { params: { repo } }));
        context.print(
          sets,
          () =>
            table(
              ['#', 'SET', 'TITLE', 'ITEMS'],
              sets.map((set) => [
                String(set.number),
                set.set,
                set.title,
                set.items.map((item) => `${item.collection}/${item.slug}`).join(', '),
              ]),
            ) || 'No open change sets.\n',
        );
      }),
    );

const setsCreate = (io: Io) =>
  leaf('create', 'Start a change set: its branch cms/_sets/{name} and its pull request')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<name>', 'lowercase letters, digits and "-", 1 to 64')
    .option('--title <title>', "the change request's title (the name when absent)")
    .option('--description <text>', "the change request's description")
    .action(
      run<[string, string], { title?: string; description?: string }>(
        io,
        async (context, [repo, name], options) => {
          const api = await context.api();
          const created = await context.spin(
            'Creating…',
            api.call('createSet', {
              params: { repo },
              body: {
                name,
                ...(options.title !== undefined && { title: options.title }),
                ...(options.description !== undefined && { description: options.description }),
              },
            }),
          );
          context.print(
            created,
            () =>
              `Change set ${created.name} is #${created.number} on ${created.branch}; save into it with cms content put --change-set ${created.name}, publish it with cms drafts merge ${repo} ${created.number}\n`,
          );
        },
      ),
    );

const setsRemoveItem = (io: Io) =>
  leaf('rm-item', "Take an item out of a change set (its files go back to main's)")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<name>', 'the set')
    .argument('<collection>', 'the collection')
    .argument('<slug>', 'the item')
    .action(
      run<[string, string, string, string]>(io, async (context, [repo, name, collection, slug]) => {
        const api = await context.api();
        const removed = await context.spin(
          'Removing…',
          api.call('removeSetItem', { params: { repo, name, collection, slug } }),
        );
        context.print(
          removed,
          () => `${collection}/${slug} is out of ${name} (${removed.paths.join(', ')})\n`,
        );
      }),
    );

export const setsCommand = (io: Io) =>
  new Command('sets')
    .description('Change sets: several items in one review, published together')
    .addCommand(setsLs(io))
    .addCommand(setsCreate(io))
    .addCommand(setsRemoveItem(io));
