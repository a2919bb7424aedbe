import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

/** The board's In progress → In review step (GitHub: ready for review), and back with --back. */
export const draftsReadyCommand = (io: Io) =>
  leaf(
    'ready',
    'Mark a change request ready for review (In review); --back moves it to In progress',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .option('--back', 'move it back to in progress (a GitHub draft pull request)')
    .action(
      run<[string, number], { back?: boolean }>(io, async (context, [repo, number], options) => {
        const api = await context.api();
        const id = options.back ? 'markPullInProgress' : 'markPullReady';
        const result = await context.spin(
          options.back ? 'Moving…' : 'Marking…',
          api.call(id, { params: { repo, number } }),
        );
        context.print(result, () =>
          result.draft ? `#${number} is in progress\n` : `#${number} is ready for review\n`,
        );
      }),
    );
