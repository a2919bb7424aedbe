import { leaf, run } from '../lib/command';
import { explainConflict } from '../lib/conflict';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';
import { shortSha } from '../lib/table';

export const draftsMergeCommand = (io: Io) =>
  leaf('merge', 'Squash merge a change request into the default branch and delete its branch')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const merged = await context.spin(
          'Merging…',
          explainConflict('Not merged', api.call('mergePull', { params: { repo, number } })),
        );
        context.print(merged, () => `Merged #${number} (${shortSha(merged.sha)})\n`);
      }),
    );
