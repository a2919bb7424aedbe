import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsCloseCommand = (io: Io) =>
  leaf('close', 'Close a change request without merging and delete its branch')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const result = await context.spin(
          'Closing…',
          api.call('closePull', { params: { repo, number } }),
        );
        context.print(result, () => `Closed #${number}; its branch is deleted\n`);
      }),
    );
