import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsRebaseCommand = (io: Io) =>
  leaf(
    'rebase',
    "Recreate a change request's branch from the default branch and re-commit its version of the item",
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const result = await context.spin(
          'Rebasing…',
          api.call('rebasePull', { params: { repo, number } }),
        );
        context.print(result, () => `Rebased #${number} on the default branch\n`);
      }),
    );
