import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortTime, table } from '../lib/table';
import { boardColumns, columnOf, waitsOf } from '../../shared/pulls/board';

const stateWords = Object.fromEntries(
  boardColumns.map((column) => [column.id, column.title.toLowerCase()]),
);

/** The board's column in words, with what a draft in review waits for, as its card says: "in review: needs approval". */
const stateOf = (pull: Parameters<typeof columnOf>[0]) =>
  [stateWords[columnOf(pull)] ?? '', ...waitsOf(pull).map((wait) => wait.toLowerCase())].join(': ');

export const draftsListCommand = (io: Io) =>
  leaf('list', 'List the open change requests (pull requests of cms/* branches)')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .action(
      run<[string]>(io, async (context, [repo]) => {
        const api = await context.api();
        const pulls = await context.spin('Loading…', api.call('listPulls', { params: { repo } }));
        context.print(
          pulls,
          () =>
            table(
              ['#', 'STATE', 'ITEM', 'TITLE', 'AUTHOR', 'UPDATED'],
              pulls.map((pull) => [
                String(pull.number),
                stateOf(pull),
                `${pull.collection}/${pull.slug}`,
                pull.title,
                pull.author,
                shortTime(pull.updatedAt),
              ]),
            ) || 'No open drafts.\n',
        );
      }),
    );
